import { type CartItem, displayProductName, PRODUCT_CATEGORY_THUMBNAIL } from "@vetportal/contract";

/* How a product shows to a practice: whether it can be ordered, its image, and as a cart line. */

/** SPEC §5: Add To Cart only if the product does not forbid ordering below zero, or has stock. */
export const canOrder = (p: {
  is_in_inventory: boolean;
  no_order_below_zero_inventory: boolean;
  actual_inventory: number;
}) => !p.is_in_inventory || !p.no_order_below_zero_inventory || p.actual_inventory > 0;

/** Product image; 144048's thumbnail depends on the category it is listed in (SPEC §9). */
export function productImage(p: { id: number; image_url: string | null }, categoryId?: number): string {
  const base = p.image_url ?? `/media/products/${p.id}.svg`;
  return p.id === PRODUCT_CATEGORY_THUMBNAIL && categoryId !== undefined ? `${base}?category=${categoryId}` : base;
}

/**
 * A product as a line of a cart at a quantity, at the price per pack of that quantity's tier: the
 * cart and a reorder show their lines alike.
 */
export function cartItemOf(
  p: {
    id: number;
    name: string;
    product_category_id: number;
    image_url: string | null;
    package_quantity: number;
    min_quantity: number;
    max_quantity: number;
  },
  quantity: number,
  price: number,
  isDestroy: boolean,
): CartItem {
  return {
    id: p.id,
    name: p.name,
    display_name: displayProductName(p.name, p.product_category_id),
    image_url: productImage(p),
    package_quantity: p.package_quantity,
    min_quantity: p.min_quantity,
    max_quantity: p.max_quantity,
    quantity,
    price,
    is_destroy: isDestroy,
  };
}
