import { z } from "zod";
import { dbInt, dbText, IdSchema, IsoDateSchema } from "./primitives.ts";

/*
 * Allowance programmes (issue 23 §1, decision 039): what each practice may take per period, shown
 * live in the header chip, the cart, checkout and /allowance, and kept as a ledger.
 */

export const ALLOWANCE_PERIODS = ["month", "quarter", "year"] as const;
export const ALLOWANCE_UNITS = ["packs", "dollars"] as const;
export const ALLOWANCE_SCOPES = ["all", "categories", "products"] as const;
export const OVER_BALANCE_POLICIES = ["refuse", "approval", "allow"] as const;
export const ALLOWANCE_LEDGER_KINDS = ["allotment", "order", "cancel", "adjustment", "expiry", "rollover"] as const;
export type AllowancePeriod = (typeof ALLOWANCE_PERIODS)[number];
export type AllowanceUnit = (typeof ALLOWANCE_UNITS)[number];
export type OverBalancePolicy = (typeof OVER_BALANCE_POLICIES)[number];

/** What each word means to a practice. */
export const OVER_BALANCE_LABELS: Record<OverBalancePolicy, string> = {
  refuse: "Orders over the balance are refused",
  approval: "Orders over the balance need approval",
  allow: "Orders over the balance are allowed",
};
export const LEDGER_KIND_LABELS: Record<(typeof ALLOWANCE_LEDGER_KINDS)[number], string> = {
  allotment: "Allotment",
  order: "Order",
  cancel: "Cancelled, given back",
  adjustment: "Adjustment",
  expiry: "Expired at period end",
  rollover: "Rolled over",
};

/** The first day (YYYY-MM-DD) of the period that holds `day` (YYYY-MM-DD). */
export function periodStart(period: AllowancePeriod, day: string): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const month = period === "month" ? m : period === "quarter" ? Math.floor((m - 1) / 3) * 3 + 1 : 1;
  return `${y}-${String(month).padStart(2, "0")}-01`;
}

/** "this quarter", "this month", "this year". */
export const periodWord = (period: AllowancePeriod) => `this ${period}`;

/** An amount in the programme's unit: "14 packs", "$14.00" (dollars are kept in cents). */
export function allowanceAmount(amount: number, unit: AllowanceUnit): string {
  if (unit === "packs") return `${amount} ${Math.abs(amount) === 1 ? "pack" : "packs"}`;
  const sign = amount < 0 ? "-" : "";
  return `${sign}$${(Math.abs(amount) / 100).toFixed(2)}`;
}

/** The one wording of a balance, everywhere: "14 of 40 packs left", "$14.00 of $40.00 left". */
export function balanceText(left: number, allotted: number, unit: AllowanceUnit): string {
  if (unit === "packs") return `${left} of ${allotted} packs left`;
  return `${allowanceAmount(left, unit)} of ${allowanceAmount(allotted, unit)} left`;
}

/** What an order (or a cart) does to one programme's balance (programme-interface.md). */
export const AllowanceOutcomeSchema = z.object({
  programme_id: z.number().int(),
  name: z.string(),
  unit: z.enum(ALLOWANCE_UNITS),
  allotted: z.number().int(),
  left_before: z.number().int(),
  left_after: z.number().int(),
  over_by: z.number().int(),
  over_balance: z.enum(OVER_BALANCE_POLICIES),
});
export type AllowanceOutcome = z.infer<typeof AllowanceOutcomeSchema>;

/** What happens to this order over the balance, in words. */
export function outcomeText(o: AllowanceOutcome): string {
  if (o.over_by <= 0) return `${o.name}: ${balanceText(o.left_after, o.allotted, o.unit)} after this order.`;
  const over = allowanceAmount(o.over_by, o.unit);
  if (o.over_balance === "refuse") return `${o.name}: this order is ${over} over your balance and will be refused.`;
  if (o.over_balance === "approval") return `${o.name}: this order is ${over} over your balance and needs approval.`;
  return `${o.name}: this order is ${over} over your balance; it is allowed.`;
}

/** A practice's balance in one programme's current period. */
export const AllowanceBalanceSchema = z.object({
  programme_id: z.number().int(),
  name: z.string(),
  unit: z.enum(ALLOWANCE_UNITS),
  period: z.enum(ALLOWANCE_PERIODS),
  period_start: z.string(),
  allotted: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  warning_percent: z.number().int(),
  over_balance: z.enum(OVER_BALANCE_POLICIES),
});
export type AllowanceBalance = z.infer<typeof AllowanceBalanceSchema>;

export const AllowanceLedgerEntrySchema = z.object({
  id: z.number().int(),
  programme_id: z.number().int(),
  period_start: z.string(),
  kind: z.enum(ALLOWANCE_LEDGER_KINDS),
  delta: z.number().int(),
  order_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  reason: z.string().nullable(),
  created: z.string(),
});
export type AllowanceLedgerEntry = z.infer<typeof AllowanceLedgerEntrySchema>;

/** How many of its newest ledger rows /allowance shows a practice (the API's limit). */
export const MY_ALLOWANCE_LEDGER_ROWS = 200;

export const MyAllowanceSchema = z.object({
  balances: z.array(AllowanceBalanceSchema),
  ledger: z.array(AllowanceLedgerEntrySchema),
});
export type MyAllowance = z.infer<typeof MyAllowanceSchema>;

const allotmentSchema = dbInt().min(0, "Enter 0 or more.").max(100_000_000, "Enter at most 100000000.");

/** The programme form (administrators). Dollars are entered and kept in cents. */
export const ProgrammeFormSchema = z.object({
  name: dbText("Enter a name.").trim().min(1, "Enter a name.").max(100),
  period: z.enum(ALLOWANCE_PERIODS, { error: "Choose a period." }),
  unit: z.enum(ALLOWANCE_UNITS, { error: "Choose a unit." }),
  scope: z.enum(ALLOWANCE_SCOPES, { error: "Choose what counts." }).default("all"),
  scope_ids: z.array(IdSchema).max(500).default([]),
  over_balance: z.enum(OVER_BALANCE_POLICIES, { error: "Choose what happens over the balance." }).default("refuse"),
  rollover: z.boolean().default(false),
  warning_percent: dbInt().min(0, "Enter 0 to 100.").max(100, "Enter 0 to 100.").default(80),
  default_allotted: allotmentSchema.default(0),
  active: z.boolean().default(true),
});
export type ProgrammeForm = z.infer<typeof ProgrammeFormSchema>;
export const ProgrammeUpdateSchema = ProgrammeFormSchema.extend({ id: IdSchema });
/** A programme as the API answers it: the form's fields as stored (a name is trimmed on its way in). */
export const ProgrammeSchema = ProgrammeFormSchema.extend({ id: z.number().int(), name: z.string() });
export type Programme = z.infer<typeof ProgrammeSchema>;
export const ProgrammeIdSchema = z.object({ id: IdSchema });

/** The allocations grid: one programme's practices in one period. */
export const AllocationGridRequestSchema = z.object({
  programme_id: IdSchema,
  /** Any day of the period; today's period when left out. */
  period: IsoDateSchema.optional(),
});
export const AllocationRowSchema = z.object({
  user_id: z.number().int(),
  practice: z.string(),
  department: z.string().nullable(),
  allotted: z.number().int(),
  /** The practice's own allocation (else its department's default, else the programme's). */
  own: z.boolean(),
  used: z.number().int(),
  /** Used by orders waiting for approval (status 6). */
  pending: z.number().int(),
  left: z.number().int(),
});
export type AllocationRow = z.infer<typeof AllocationRowSchema>;
export const AllocationGridSchema = z.object({
  programme: ProgrammeSchema,
  period_start: z.string(),
  rows: z.array(AllocationRowSchema),
  department_defaults: z.array(
    z.object({ department_id: z.number().int(), department: z.string(), allotted: z.number().int() }),
  ),
});
export type AllocationGrid = z.infer<typeof AllocationGridSchema>;

export const AllocationSetSchema = z.object({
  programme_id: IdSchema,
  user_id: IdSchema,
  period: IsoDateSchema,
  allotted: allotmentSchema,
});
export const DepartmentDefaultSetSchema = z.object({
  programme_id: IdSchema,
  department_id: IdSchema,
  /** null removes the default: its practices follow the programme's. */
  allotted: allotmentSchema.nullable(),
});
export const AdjustmentSchema = z.object({
  programme_id: IdSchema,
  user_id: IdSchema,
  period: IsoDateSchema,
  delta: dbInt()
    .min(-100_000_000)
    .max(100_000_000)
    .refine((n) => n !== 0, "Enter a change other than 0."),
  reason: dbText("Give a reason.").trim().min(3, "Give a reason.").max(500),
});

/** CSV of allocations: `user_id,practice,period_start,allotted` (practice is ignored on import). */
export const ALLOCATION_CSV_HEADER = "user_id,practice,period_start,allotted";
export const AllocationImportSchema = z.object({
  programme_id: IdSchema,
  csv: dbText("Choose a CSV file.").min(1, "Choose a CSV file.").max(1_000_000, "The file is too large."),
  apply: z.boolean().default(false),
});
export const AllocationImportRowSchema = z.object({
  line: z.number().int(),
  user_id: z.number().int().nullable(),
  practice: z.string().nullable(),
  period_start: z.string().nullable(),
  allotted: z.number().int().nullable(),
  error: z.string().nullable(),
});
export const AllocationImportResultSchema = z.object({
  rows: z.array(AllocationImportRowSchema),
  errors: z.number().int(),
  applied: z.boolean(),
});
export type AllocationImportResult = z.infer<typeof AllocationImportResultSchema>;
export const AllocationExportSchema = AllocationGridRequestSchema;
