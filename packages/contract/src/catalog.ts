import { z } from "zod";
import { FlagSchema, IdSchema } from "./common.ts";

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
  name: z.string().trim().max(200).optional(),
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
