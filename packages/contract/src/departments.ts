import { z } from "zod";
import { MESSAGES } from "./messages.ts";
import { dbInt, dbText, IdSchema } from "./primitives.ts";
import { EmailSchema } from "./users.ts";

const id = IdSchema;
const optionalText = (max = 100) =>
  dbText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null);

/** Page size of the department, cost center and admin product tables (SPEC §9). */
export const ADMIN_PAGE_SIZE = 50;

export const DepartmentListRequestSchema = z.object({
  name: dbText().trim().max(200).optional(),
  limit: dbInt().min(1).max(500).default(ADMIN_PAGE_SIZE),
  offset: dbInt().min(0).default(0),
});
export const DepartmentRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department_code: z.string().nullable(),
  is_active: z.boolean(),
  user_count: z.number().int(),
});

/** The department form (SPEC §3 "Department"). cc_order_emails receive the department's order confirmations. */
export const DepartmentFormSchema = z.object({
  name: dbText(MESSAGES.departmentNameRequired).trim().min(1, MESSAGES.departmentNameRequired).max(200),
  department_code: optionalText(),
  is_active: z.boolean().default(true),
  billing_reports: z.boolean().default(false),
  /** Orders of the department's users must name one of its cost centers. */
  cost_center_required: z.boolean().default(false),
  ups_number: optionalText(),
  fedex_number: optionalText(),
  ltl_freight: optionalText(200),
  cc_order_emails: z.array(EmailSchema).max(50).default([]),
  /** Users who belong to the department. */
  user_list: z.array(id).max(1000).default([]),
});
export const DepartmentUpdateSchema = DepartmentFormSchema.extend({ id });
export const DepartmentDetailSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  name: z.string(),
  department_code: z.string().nullable(),
  is_active: z.boolean(),
  billing_reports: z.boolean(),
  cost_center_required: z.boolean(),
  ups_number: z.string().nullable(),
  ltl_freight: z.string().nullable(),
  fedex_number: z.string().nullable(),
  user_list: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cc_order_emails: z.array(z.string()),
});
export type DepartmentDetail = z.infer<typeof DepartmentDetailSchema>;

/** POST /api/department/addCCEmails: adds the email only when non-empty and not already listed (SPEC §5). */
export const AddCcEmailRequestSchema = z.object({ id, email: EmailSchema });

export const IdRequestSchema = z.object({ id });
export const DeleteRequestSchema = z.object({
  id,
  permanent: z.union([z.literal(0), z.literal(false)], { error: "Only a non-permanent delete is offered" }).optional(),
});

/** Cost centers (SPEC §3, §5): name and at least one department are required. */
export const CostCenterFormSchema = z.object({
  name: dbText("Cost center name is required").trim().min(1, "Cost center name is required").max(200),
  is_active: z.boolean().default(true),
  department_list: z
    .array(id, { error: "Choose at least one department" })
    .min(1, "Choose at least one department")
    .max(1000),
});
export const CostCenterUpdateSchema = CostCenterFormSchema.extend({ id });
export const CostCenterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  department_list: z.array(z.number().int()),
  department_names: z.array(z.string()),
});
export type CostCenter = z.infer<typeof CostCenterSchema>;
