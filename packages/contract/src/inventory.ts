import { z } from "zod";
import { PriceRangeSchema } from "./catalog.ts";
import { MESSAGES } from "./messages.ts";
import { dbCents, dbInt, dbText, IdSchema } from "./primitives.ts";

const id = IdSchema;
const optionalText = (max = 500) =>
  dbText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null);

/** Inventory ledger actions (DESIGN §3). */
export const INVENTORY_ACTIONS = ["replenish", "sale", "cancel", "adjust", "destroy"] as const;

type RangeBounds = { min_quantity: unknown; max_quantity: unknown };
type RangeIssue = { index: number; field: "min_quantity" | "max_quantity"; message: string };

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/**
 * Price ranges follow each other without overlap or gap: each starts one after the previous one
 * ends, and only the last has no maximum (issue 22 §6). Each message is put on the range that
 * starts wrongly; rows whose bounds are not yet numbers are left to their own messages.
 */
export function priceRangeIssues(ranges: readonly RangeBounds[]): RangeIssue[] {
  const issues: RangeIssue[] = [];
  ranges.forEach((range, index) => {
    const { min_quantity: from, max_quantity: to } = range;
    if (isCount(from) && isCount(to) && to < from) {
      issues.push({
        index,
        field: "max_quantity",
        message: `Range ${index + 1} goes up to ${to} but starts at ${from}`,
      });
    }
    const previous = ranges[index - 1];
    if (!previous || !isCount(from)) return;
    if (previous.max_quantity === null) {
      issues.push({
        index,
        field: "min_quantity",
        message: `Range ${index + 1} starts at ${from} but range ${index} has no maximum`,
      });
    } else if (isCount(previous.max_quantity) && from !== previous.max_quantity + 1) {
      issues.push({
        index,
        field: "min_quantity",
        message: `Range ${index + 1} starts at ${from} but range ${index} goes up to ${previous.max_quantity}`,
      });
    }
  });
  return issues;
}

/** The admin product form (issue 4): every field an operator needs. Money in cents. */
export const ProductFormSchema = z
  .object({
    name: dbText(MESSAGES.productNameRequired).trim().min(1, MESSAGES.productNameRequired).max(200),
    customer_sku: optionalText(50),
    product_category_id: id,
    quickbooks_type_id: dbInt().min(1).max(5).default(1),
    description_1: optionalText(5000),
    additional_info: optionalText(500),
    package_quantity: dbInt("Enter the pack size", "The pack size must be a whole number")
      .min(1, "Pack size (UOM) must be at least 1")
      .max(100_000),
    min_quantity: dbInt("Enter the minimum order", "The minimum order must be a whole number").min(
      1,
      "Minimum must be at least 1",
    ),
    max_quantity: dbInt("Enter the maximum order", "The maximum order must be a whole number").min(
      1,
      "Maximum must be at least 1",
    ),
    price_ranges: z
      .array(
        PriceRangeSchema.extend({
          min_quantity: dbInt("Enter the range's minimum quantity", "Quantities are whole numbers").min(
            1,
            "A range starts at 1 or more",
          ),
          max_quantity: dbInt("Enter the range's maximum quantity", "Quantities are whole numbers")
            .min(1, "A range ends at 1 or more")
            .nullable(),
          price_cents: dbCents("Enter the price per pack").min(0, "The price cannot be negative"),
        }),
      )
      .min(1, "Add at least one price range")
      .max(20),
    pick_fees: dbCents("Enter the pick fee", "Enter the pick fee in dollars and cents, e.g. 0.30")
      .min(0, "The pick fee cannot be negative")
      .default(0),
    cutoff_time: dbInt().min(1).max(12).default(2),
    is_in_inventory: z.boolean().default(true),
    show_inventory: z.boolean().default(false),
    no_order_below_zero_inventory: z.boolean().default(true),
    low_inventory_amount: dbInt("Enter the low inventory amount", "The low inventory amount must be a whole number")
      .min(0, "The low inventory amount cannot be negative")
      .default(0),
    is_active: z.boolean().default(true),
    /** Departments that may see the product; empty means every department. */
    department_list: z.array(id).max(500).default([]),
  })
  // Both checks run even when other fields fail, so every message shows at once (issue 22 §6).
  .refine((p) => p.max_quantity >= p.min_quantity, {
    message: "Maximum must be at least the minimum",
    path: ["max_quantity"],
    when: ({ value }) => {
      const p = value as Partial<Record<"min_quantity" | "max_quantity", unknown>> | undefined;
      return isCount(p?.min_quantity) && isCount(p?.max_quantity);
    },
  })
  .superRefine(
    (p, ctx) => {
      for (const { index, field, message } of priceRangeIssues(p.price_ranges)) {
        ctx.addIssue({ code: "custom", message, path: ["price_ranges", index, field] });
      }
    },
    {
      when: ({ value }) => {
        const ranges = (value as { price_ranges?: unknown } | undefined)?.price_ranges;
        return Array.isArray(ranges) && ranges.every((range) => typeof range === "object" && range !== null);
      },
    },
  );
export const ProductUpdateSchema = ProductFormSchema.extend({ id });

export const ReplenishRequestSchema = z.object({
  product_id: id,
  quantity: dbInt("Quantity is required").min(1, "Quantity must be at least 1").max(10_000_000),
  palettes: dbInt().min(0).max(100_000).optional(),
  comment: optionalText(),
});
export const AdjustRequestSchema = z.object({
  product_id: id,
  quantity: dbInt("Quantity is required")
    .refine((q) => q !== 0, "The adjustment cannot be zero")
    .meta({ not: { enum: [0] } }),
  comment: dbText("A reason is required").trim().min(1, "A reason is required").max(500),
});
export const LedgerRequestSchema = z.object({
  product_id: id,
  limit: dbInt().min(1).max(1000).default(50),
  offset: dbInt().min(0).default(0),
});
export const LedgerRowSchema = z.object({
  id: z.number().int(),
  action: z.enum(INVENTORY_ACTIONS),
  quantity: z.number().int(),
  ending_inventory: z.number().int(),
  palettes: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  comment: z.string().nullable(),
  date: z.string(),
  user_name: z.string().nullable(),
});
export const StockChangeSchema = z.object({ product_id: z.number().int(), actual_inventory: z.number().int() });
