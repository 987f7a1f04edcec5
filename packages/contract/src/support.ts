/** Customer Service categories (SPEC §9). */
export const SUPPORT_CATEGORIES = [
  "Ordering a Product",
  "Shipping Issue",
  "My Account",
  "Shopping Cart",
  "Order History",
] as const;
export const SUPPORT_METHOD_DEFAULT = "EMAIL";
