import {
  AdjustmentSchema,
  AllocationExportSchema,
  AllocationGridRequestSchema,
  AllocationGridSchema,
  AllocationImportResultSchema,
  AllocationImportSchema,
  AllocationSetSchema,
  DepartmentDefaultSetSchema,
  IdResultSchema,
  MyAllowanceSchema,
  ProgrammeFormSchema,
  ProgrammeIdSchema,
  ProgrammeSchema,
  ProgrammeUpdateSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type App, postData } from "../../http/post-data.ts";
import type { AllowancesService } from "./allowances.service.ts";

const admin = { access: "admin" as const, tags: ["allowances"] };

/**
 * Allowances (issue 23 §1): the practice's balances and ledger; administrators' programmes, the
 * allocations grid, department defaults, adjustments and CSV. The cart's and checkout's preview is
 * the quote's `allowance` (POST /api/order/quote).
 */
export const allowancesRoutes: FastifyPluginAsyncZod<{ allowances: AllowancesService }> = async (
  app,
  { allowances },
) => {
  postData(
    app,
    "/allowance/query",
    {
      tags: ["allowances"],
      summary: "The practice's allowance balances this period (the header chip, /allowance) and its ledger",
      body: z.object({}),
      data: MyAllowanceSchema,
    },
    (request) => allowances.myAllowance(request.user),
  );
  postData(
    app,
    "/allowance/programme/list",
    { ...admin, summary: "Allowance programmes", body: z.object({}), data: z.array(ProgrammeSchema) },
    () => allowances.listProgrammes(),
  );
  postData(
    app,
    "/allowance/programme/query",
    { ...admin, summary: "One allowance programme", body: ProgrammeIdSchema, data: ProgrammeSchema, errors: [404] },
    (request) => allowances.getProgramme(request.body.id),
  );
  postData(
    app,
    "/allowance/programme/add",
    { ...admin, summary: "Add an allowance programme", body: ProgrammeFormSchema, data: IdResultSchema },
    (request) => allowances.addProgramme(request.user, request.body),
  );
  postData(
    app,
    "/allowance/programme/update",
    {
      ...admin,
      summary: "Change an allowance programme (inherited allotments of open periods follow its default)",
      body: ProgrammeUpdateSchema,
      data: IdResultSchema,
      errors: [404],
    },
    (request) => {
      const { id, ...form } = request.body;
      return allowances.updateProgramme(request.user, id, form);
    },
  );
  allocationRoutes(app, allowances);
};

/** The allocations grid and what changes it: allocations, department defaults, adjustments, CSV. */
function allocationRoutes(app: App, allowances: AllowancesService) {
  postData(
    app,
    "/allowance/grid",
    {
      ...admin,
      summary: "The allocations grid: each practice's allotted, used, pending and left in one period",
      body: AllocationGridRequestSchema,
      data: AllocationGridSchema,
      errors: [404],
    },
    (request) => allowances.grid(request.body.programme_id, request.body.period),
  );
  postData(
    app,
    "/allowance/allocation/set",
    {
      ...admin,
      summary: "Set a practice's own allocation for a period (the change is an allotment ledger row)",
      body: AllocationSetSchema,
      data: z.null(),
      errors: [404, 409],
    },
    (request) => allowances.setAllocation(request.user, request.body),
  );
  postData(
    app,
    "/allowance/departmentDefault/set",
    {
      ...admin,
      summary: "Set or remove a department's default allocation, inherited by its practices",
      body: DepartmentDefaultSetSchema,
      data: z.null(),
      errors: [404],
    },
    (request) => allowances.setDepartmentDefault(request.user, request.body),
  );
  postData(
    app,
    "/allowance/adjust",
    {
      ...admin,
      summary: "Adjust a practice's balance for a period, with a reason",
      body: AdjustmentSchema,
      data: z.null(),
      errors: [404, 409],
    },
    (request) => allowances.adjust(request.user, request.body),
  );
  postData(
    app,
    "/allowance/export",
    {
      ...admin,
      summary: "The allocations grid of a period as CSV",
      body: AllocationExportSchema,
      download: true,
      errors: [404],
    },
    async (request) => {
      const file = await allowances.exportCsv(request.body.programme_id, request.body.period);
      return { type: "text/csv; charset=utf-8", fileName: file.name, body: file.csv };
    },
  );
  postData(
    app,
    "/allowance/import",
    {
      ...admin,
      summary: "Allocations from CSV: a preview of every row with its error, applied only with apply and no error",
      body: AllocationImportSchema,
      data: AllocationImportResultSchema,
      errors: [404, 409],
    },
    (request) => allowances.importCsv(request.user, request.body),
  );
}
