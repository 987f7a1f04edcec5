import { z } from "zod";
import { dbInt, IdSchema } from "./primitives.ts";

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

/** The largest quantity a cart line holds: what anyone could mean to order, with room to spare. */
export const CART_MAX_QUANTITY = 1_000_000;

/** A line sent to the server cart: the product and its quantity (0 removes the line in an update). */
export const CartLineInputSchema = z.object({
  id: IdSchema,
  quantity: dbInt("Quantity is required", "Quantity must be a whole number")
    .min(0, "Quantity must be 0 or more")
    .max(CART_MAX_QUANTITY, `Quantity must be at most ${CART_MAX_QUANTITY}`),
  is_destroy: z.boolean().optional(),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

/** The most products one cart holds. */
export const CART_MAX_LINES = 100;

const cartLines = z.array(CartLineInputSchema).max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} products`);

/**
 * The server cart's revision the browser's copy was last in step with (decision 027). A copy sent
 * with an older one is stale — another tab or computer changed the cart since, perhaps ordered or
 * removed its lines — and changes nothing; the answer is the server's cart, which the copy then
 * takes. Left out for a copy made while signed out (the merge at sign-in) and for Empty Cart.
 */
const baseRevisionSchema = dbInt("Revision must be a whole number").min(0, "Revision must be 0 or more").optional();

/** POST /api/cart/replace: the whole cart becomes these lines (an empty list empties it). */
export const CartReplaceRequestSchema = z.object({ items: cartLines, base_revision: baseRevisionSchema });
/**
 * POST /api/cart/merge (sign-in): the browser's lines join the server's. A product in both keeps
 * the larger quantity (decision 021): the browser's copy is usually a copy of the same cart, so a
 * sum would double it. No line is lost — unless the copy is stale (`base_revision`, decision 027).
 */
export const CartMergeRequestSchema = z.object({ items: cartLines, base_revision: baseRevisionSchema });
/** POST /api/cart/update: these lines are set (added or their quantity replaced); quantity 0 removes one. */
export const CartUpdateRequestSchema = z.object({ items: cartLines.min(1, "Nothing to update") });
export const CartQueryRequestSchema = z.object({});

/** The signed-in user's cart as the server keeps it (cart_items), with each product's record. */
export const ServerCartSchema = z.object({
  items: z.array(CartItemSchema),
  /** Goes up with every change: an answer with a lower revision than one already seen is stale. */
  revision: z.number().int(),
  /** Lines sent that were not kept: products the user can no longer order. */
  dropped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type ServerCart = z.infer<typeof ServerCartSchema>;
