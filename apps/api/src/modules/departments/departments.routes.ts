import {
  AddCcEmailRequestSchema,
  CostCenterFormSchema,
  CostCenterSchema,
  CostCenterUpdateSchema,
  DeleteRequestSchema,
  DepartmentDetailSchema,
  DepartmentFormSchema,
  DepartmentListRequestSchema,
  DepartmentRowSchema,
  DepartmentUpdateSchema,
  IdRequestSchema,
  IdResultSchema,
  okSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DepartmentsService } from "./departments.service.ts";

const IdResult = okSchema(IdResultSchema);

/** Departments and cost centers (SPEC §7): administrators only. */
export const departmentsRoutes: FastifyPluginAsyncZod<{ departments: DepartmentsService }> = async (
  app,
  { departments },
) => {
  const route = <T extends z.ZodType, R extends z.ZodType>(
    url: string,
    summary: string,
    body: T,
    response: R,
    handler: (body: z.infer<T>) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { config: { access: "admin" }, schema: { tags: ["departments"], summary, body, response: { 200: response } } },
      (request) => handler(request.body as z.infer<T>) as never,
    );

  route(
    "/department/list",
    "Departments with a name filter",
    DepartmentListRequestSchema,
    okSchema(z.array(DepartmentRowSchema)),
    async (body) => {
      const { rows, total } = await departments.listDepartments(body);
      return { result: 1, data: rows, found_rows: total };
    },
  );
  route(
    "/department/query",
    "One department with users and cc emails",
    IdRequestSchema,
    okSchema(DepartmentDetailSchema),
    async (body) => ({
      result: 1,
      data: await departments.getDepartment(body.id),
    }),
  );
  route("/department/add", "Add a department", DepartmentFormSchema, IdResult, async (body) => ({
    result: 1,
    data: await departments.addDepartment(body),
  }));
  route("/department/update", "Modify a department", DepartmentUpdateSchema, IdResult, async ({ id, ...body }) => ({
    result: 1,
    data: await departments.updateDepartment(id, body),
  }));
  route("/department/delete", "Soft-delete a department", DeleteRequestSchema, okSchema(z.null()), async (body) => {
    await departments.deleteDepartment(body.id);
    return { result: 1, data: null };
  });
  route(
    "/department/addCCEmails",
    "Add a cc email for order confirmations (ignored when already listed)",
    AddCcEmailRequestSchema,
    okSchema(z.object({ cc_order_emails: z.array(z.string()) })),
    async (body) => ({ result: 1, data: await departments.addCcEmail(body.id, body.email) }),
  );

  route(
    "/costcenter/list",
    "Cost centers with their departments",
    z.object({}),
    okSchema(z.array(CostCenterSchema)),
    async () => {
      const rows = await departments.listCostCenters();
      return { result: 1, data: rows, found_rows: rows.length };
    },
  );
  route("/costcenter/query", "One cost center", IdRequestSchema, okSchema(CostCenterSchema), async (body) => ({
    result: 1,
    data: await departments.getCostCenter(body.id),
  }));
  route("/costcenter/add", "Add a cost center", CostCenterFormSchema, IdResult, async (body) => ({
    result: 1,
    data: await departments.addCostCenter(body),
  }));
  route("/costcenter/update", "Modify a cost center", CostCenterUpdateSchema, IdResult, async ({ id, ...body }) => ({
    result: 1,
    data: await departments.updateCostCenter(id, body),
  }));
  route("/costcenter/delete", "Soft-delete a cost center", DeleteRequestSchema, okSchema(z.null()), async (body) => {
    await departments.deleteCostCenter(body.id);
    return { result: 1, data: null };
  });
};
