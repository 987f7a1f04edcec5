import { z } from "zod";
import { dbInt, IdSchema } from "./primitives.ts";

/** Session-storage key of the cart (SPEC §3 "The cart lives in session storage"). */
export const CART_STORAGE_KEY = "cart";

/** A cart line as the browser keeps it: the product record plus quantity (SPEC §3 "Cart item"). */
export const CartItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  image_url: z.string(),
  package_quantity: z.number().int(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  quantity: z.number().int().min(0),
  /** Unit price per pack in cents for the current quantity, as last quoted by the server. */
  price: z.number().int(),
  /** Marked for destruction (SPEC §4 "Destroy product"). */
  is_destroy: z.boolean().default(false),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** The line of an order to place: only the product id and the quantity are trusted. */
export const OrderItemSchema = z.object({
  id: IdSchema,
  quantity: dbInt("Quantity is required", "Quantity must be a whole number").min(1, "Quantity must be at least 1"),
  is_destroy: z.boolean().optional(),
});
