import { z } from "zod";
import { FlagSchema } from "./common.ts";
import { dbInt, dbText, IdSchema } from "./primitives.ts";

/** Categories with special rules (SPEC §9). */
export const CATEGORY = {
  /** Shown to every practice outside New York. */
  NON_NY: 2100,
  /** Sorted last; its 'Top 10 Canine Health Conditions' names lose their program suffix. */
  SHARING: 2214,
  /** Shown only to New York practices; lists only PRODUCTS_2217 in that order. */
  NY_ONLY: 2217,
} as const;
export const NY_STATE = "NY";
export const PRODUCTS_2217 = [144518, 144517, 148980] as const;
export const PRODUCT_CATEGORY_THUMBNAIL = 144048;

/** POST /api/product/categories filter (SPEC §7). customer_id is taken from the session. */
export const CategoryListRequestSchema = z.object({
  exclude_no_product: FlagSchema.optional(),
  name: dbText().trim().max(200).optional(),
  product_category_id: IdSchema.optional(),
  is_active: FlagSchema.optional(),
});
export type CategoryListRequest = z.infer<typeof CategoryListRequestSchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subtitle: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

/** Product types of the admin product form (POST /api/product/enum, category=quickbook_types). */
export const QUICKBOOKS_TYPES = [
  { id: 1, name: "Inventory Part" },
  { id: 2, name: "Non-inventory Part" },
  { id: 3, name: "Service" },
  { id: 4, name: "Print on Demand" },
  { id: 5, name: "Obsolete Inventory (may be destroyed)" },
] as const;
/** Only products of this type may be destroyed (SPEC §4). */
export const QUICKBOOKS_TYPE_DESTROYABLE = 5;

export const ENUM_CATEGORIES = ["quickbook_types", "order_statuses", "user_levels"] as const;
export const EnumRequestSchema = z.object({
  category: z.enum(ENUM_CATEGORIES, { error: `category must be one of ${ENUM_CATEGORIES.join(", ")}` }),
});
export const EnumOptionSchema = z.object({ id: z.number().int(), name: z.string() });

/** Upper bound of POST /api/product/list (SPEC §9 "product list 500"). */
export const PRODUCT_LIST_LIMIT = 500;

/**
 * POST /api/product/list filter (SPEC §7). A practice only ever gets active products it may see;
 * `name` is a case-insensitive substring search of product names and SKUs (customer_sku) across the
 * catalogue (issue 23 §3).
 */
export const ProductListRequestSchema = z.object({
  product_category_id: IdSchema.optional(),
  name: dbText().trim().max(200).optional(),
  quickbooks_type_id: IdSchema.optional(),
  is_active: FlagSchema.optional(),
  exclude_no_product: FlagSchema.optional(),
  limit: dbInt().min(1).max(PRODUCT_LIST_LIMIT).default(PRODUCT_LIST_LIMIT),
  offset: dbInt().min(0).default(0),
});
export type ProductListRequest = z.infer<typeof ProductListRequestSchema>;

export const ProductListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name as shown to practices (2214's program suffix removed, SPEC §9). */
  display_name: z.string(),
  product_category_id: z.number().int(),
  customer_sku: z.string().nullable(),
  is_in_inventory: z.boolean(),
  quickbooks_type_id: z.number().int(),
  actual_inventory: z.number().int(),
  additional_info: z.string().nullable(),
  is_active: z.boolean(),
  package_quantity: z.number().int(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  /** Thumbnail for this listing (144048's depends on the category, SPEC §9). */
  image_url: z.string(),
  /** Whether the inventory rule allows ordering now (SPEC §5). */
  can_order: z.boolean(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ProductQueryRequestSchema = z.object({ id: IdSchema, product_category_id: IdSchema.optional() });

export const PriceRangeSchema = z.object({
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  price_cents: z.number().int(),
});

/** POST /api/product/query data (SPEC §3 "Product (detail)"), amounts in cents. */
export const ProductDetailSchema = ProductListItemSchema.extend({
  created: z.string(),
  customer_id: z.number().int(),
  description_1: z.string().nullable(),
  is_customizable: z.boolean(),
  is_mailable: z.boolean(),
  no_upload: z.boolean(),
  show_inventory: z.boolean(),
  use_quantities_dropdown: z.boolean(),
  no_order_below_zero_inventory: z.boolean(),
  pick_fees: z.number().int(),
  quantity_list: z.string().nullable(),
  modifier: z.string().nullable(),
  category: z.string(),
  cutoff_time: z.number().int(),
  apparel_sizes: z.string().nullable(),
  price_ranges: z.array(PriceRangeSchema),
  department_list: z.array(z.number().int()),
  low_inventory_amount: z.number().int(),
  /** Estimated shipping date, MM/DD/YYYY, from the cut-off time in America/New_York and business days. */
  estimate_delivery_date: z.string(),
  /** Contact for orders above max_quantity. */
  large_order_email: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** 'Top 10 Canine Health Conditions' + a three-letter program suffix, shown without it (SPEC §9). */
export function displayProductName(name: string, categoryId: number): string {
  if (categoryId !== CATEGORY.SHARING) return name;
  const match = /^(Top 10 Canine Health Conditions) [A-Z]{3}$/.exec(name);
  return match?.[1] ?? name;
}

/** Page touches recorded by POST /api/user/eventLog (SPEC §7). */
export const EVENT_TYPES = ["home", "category", "product", "add_to_cart", "checkout"] as const;
export const EventLogRequestSchema = z.object({
  event: z.enum(EVENT_TYPES, { error: `event must be one of ${EVENT_TYPES.join(", ")}` }),
  product_id: IdSchema.optional(),
  product_category_id: IdSchema.optional(),
  search: dbText().max(200).optional(),
  quantity: dbInt().min(0).max(1_000_000).optional(),
});
export type EventLogRequest = z.infer<typeof EventLogRequestSchema>;
