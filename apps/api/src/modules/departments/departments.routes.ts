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
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { page, postData } from "../../http/post-data.ts";
import type { DepartmentsService } from "./departments.service.ts";

const admin = { access: "admin" as const, tags: ["departments"] };

/** Departments and cost centers (SPEC §7): administrators only. */
export const departmentsRoutes: FastifyPluginAsyncZod<{ departments: DepartmentsService }> = async (
  app,
  { departments },
) => {
  postData(
    app,
    "/department/list",
    {
      ...admin,
      summary: "Departments with a name filter",
      body: DepartmentListRequestSchema,
      data: z.array(DepartmentRowSchema),
    },
    async (request) => {
      const { rows, total } = await departments.listDepartments(request.body);
      return page(rows, total);
    },
  );
  postData(
    app,
    "/department/query",
    {
      ...admin,
      summary: "One department with users and cc emails",
      body: IdRequestSchema,
      data: DepartmentDetailSchema,
    },
    (request) => departments.getDepartment(request.body.id),
  );
  postData(
    app,
    "/department/add",
    { ...admin, summary: "Add a department", body: DepartmentFormSchema, data: IdResultSchema },
    (request) => departments.addDepartment(request.user, request.body),
  );
  postData(
    app,
    "/department/update",
    { ...admin, summary: "Modify a department", body: DepartmentUpdateSchema, data: IdResultSchema },
    (request) => {
      const { id, ...body } = request.body;
      return departments.updateDepartment(request.user, id, body);
    },
  );
  postData(
    app,
    "/department/delete",
    { ...admin, summary: "Soft-delete a department", body: DeleteRequestSchema, data: z.null() },
    async (request) => {
      await departments.deleteDepartment(request.user, request.body.id);
      return null;
    },
  );
  postData(
    app,
    "/department/addCCEmails",
    {
      ...admin,
      summary: "Add a cc email for order confirmations (ignored when already listed)",
      body: AddCcEmailRequestSchema,
      data: z.object({ cc_order_emails: z.array(z.string()) }),
    },
    (request) => departments.addCcEmail(request.user, request.body.id, request.body.email),
  );

  postData(
    app,
    "/costcenter/list",
    { ...admin, summary: "Cost centers with their departments", body: z.object({}), data: z.array(CostCenterSchema) },
    async () => {
      const rows = await departments.listCostCenters();
      return page(rows, rows.length);
    },
  );
  postData(
    app,
    "/costcenter/query",
    { ...admin, summary: "One cost center", body: IdRequestSchema, data: CostCenterSchema },
    (request) => departments.getCostCenter(request.body.id),
  );
  postData(
    app,
    "/costcenter/add",
    { ...admin, summary: "Add a cost center", body: CostCenterFormSchema, data: IdResultSchema },
    (request) => departments.addCostCenter(request.user, request.body),
  );
  postData(
    app,
    "/costcenter/update",
    { ...admin, summary: "Modify a cost center", body: CostCenterUpdateSchema, data: IdResultSchema },
    (request) => {
      const { id, ...body } = request.body;
      return departments.updateCostCenter(request.user, id, body);
    },
  );
  postData(
    app,
    "/costcenter/delete",
    { ...admin, summary: "Soft-delete a cost center", body: DeleteRequestSchema, data: z.null() },
    async (request) => {
      await departments.deleteCostCenter(request.user, request.body.id);
      return null;
    },
  );
};
