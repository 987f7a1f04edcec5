/** Order report views (SPEC §3 "Order report filter"). */
export const SEARCH_BY = [
  { id: 1, name: "Order" },
  { id: 2, name: "Product" },
  { id: 3, name: "User" },
  { id: 4, name: "Item" },
  { id: 5, name: "Inventory" },
] as const;
export const SEARCH_BY_ID = { ORDER: 1, PRODUCT: 2, USER: 3, ITEM: 4, INVENTORY: 5 } as const;
