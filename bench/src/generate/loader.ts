import type pg from "pg";

/** The sizes and ids of the data set (the command line's options and the API's settings). */
export interface Sizes {
  CUSTOMER_ID: number;
  ADMIN_ID: number;
  /** Product ids are PRODUCT_ID_BASE + 1 … PRODUCT_ID_BASE + PRODUCTS. */
  PRODUCT_ID_BASE: number;
  ORDERS: number;
  PRACTICES: number;
  PRODUCTS: number;
  MONTHS: number;
}

/** What every step of the load shares: the connection (one transaction), a timed statement, the sizes. */
export interface Loader {
  client: pg.Client;
  step(label: string, text: string, values?: unknown[]): Promise<pg.QueryResult>;
  sizes: Sizes;
}
