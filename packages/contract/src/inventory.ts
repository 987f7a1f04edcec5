import { z } from "zod";
import { PriceRangeSchema } from "./catalog.ts";
import { MESSAGES } from "./messages.ts";
import { dbInt, dbText, IdSchema } from "./primitives.ts";

const id = IdSchema;
const optionalText = (max = 500) =>
  dbText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null);

/** Inventory ledger actions (DESIGN §3). */
export const INVENTORY_ACTIONS = ["replenish", "sale", "cancel", "adjust", "destroy"] as const;

/** The admin product form (issue 4): every field an operator needs. Money in cents. */
export const ProductFormSchema = z
  .object({
    name: dbText(MESSAGES.productNameRequired).trim().min(1, MESSAGES.productNameRequired).max(200),
    customer_sku: optionalText(50),
    product_category_id: id,
    quickbooks_type_id: dbInt().min(1).max(5).default(1),
    description_1: optionalText(5000),
    additional_info: optionalText(500),
    package_quantity: dbInt().min(1, "Pack size (UOM) must be at least 1").max(100_000),
    min_quantity: dbInt().min(1, "Minimum must be at least 1"),
    max_quantity: dbInt().min(1, "Maximum must be at least 1"),
    price_ranges: z
      .array(
        PriceRangeSchema.extend({
          min_quantity: dbInt().min(1),
          max_quantity: dbInt().min(1).nullable(),
          price_cents: dbInt().min(0),
        }),
      )
      .min(1, "Add at least one price range")
      .max(20),
    pick_fees: dbInt().min(0).default(0),
    cutoff_time: dbInt().min(1).max(12).default(2),
    is_in_inventory: z.boolean().default(true),
    show_inventory: z.boolean().default(false),
    no_order_below_zero_inventory: z.boolean().default(true),
    low_inventory_amount: dbInt().min(0).default(0),
    is_active: z.boolean().default(true),
    /** Departments that may see the product; empty means every department. */
    department_list: z.array(id).max(500).default([]),
  })
  .refine((p) => p.max_quantity >= p.min_quantity, {
    message: "Maximum must be at least the minimum",
    path: ["max_quantity"],
  });
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
