import { z } from "zod";

/**
 * The views of the order report (SPEC §3), one declarative spec each: what a row of the view is
 * (its columns: key, label, format, and whether the filter must ask for it), how its totals are
 * made, what its CSV file is called and how the web lays out its table. Everything else is derived
 * from these specs: the row and totals schemas below, the web's table columns
 * (apps/web/src/features/reports/components/report-results.tsx) and, with the SQL expression of
 * each column kept beside the API's view (apps/api/src/modules/reports/views/), the page, CSV and
 * totals statements. No SQL lives here. See docs/decisions/032.
 */

/**
 * How a column's value is typed and shown:
 * - `id`: a whole number shown as it is (an order or line number);
 * - `count`: a whole number with grouped digits, summed into the totals;
 * - `money`: cents, shown as dollars, summed into the totals (dollars with two decimals in the CSV);
 * - `text`: a string (`nullable` when a left join may leave it empty), guarded against spreadsheet
 *   formulas in the CSV;
 * - `time`: a moment, ISO-8601 UTC in the JSON, portal time in the CSV and on the page;
 * - `status`: an order status name the portal writes itself (shown as the status badge).
 */
export type ReportColumnFormat = "id" | "count" | "money" | "text" | "time" | "status";

/** A drill-down a cell links to, and the column holding its id. */
export interface ReportColumnLink {
  to: "order" | "product" | "inventory";
  by: string;
}

export interface ReportColumnSpec {
  /** Field of the JSON row. */
  key: string;
  /** Heading in the web table; the CSV's too, unless `csv` names another. */
  label: string;
  format: ReportColumnFormat;
  /** A text the row may lack (a left join). */
  nullable?: boolean;
  /** The CSV header when it differs from the label; false leaves the column out of the CSV. */
  csv?: string | false;
  /** False: not a column of its own in the web table (the page needs its value for another one). */
  table?: false;
  /** Another column's value shown under this one in the same cell ("Practice / User"). */
  under?: string;
  /** The cell links to a drill-down. */
  link?: ReportColumnLink;
  /** Long text that may wrap in the web table. */
  wrap?: boolean;
}

/** Optional columns of the order report (SPEC §3); each view lists the ones it can show. */
export const REPORT_OPTIONAL_COLUMNS = [
  { key: "department_code", label: "Department code", format: "text" },
  { key: "date_shipped", label: "Date shipped", format: "time" },
  { key: "ship_to", label: "Ship to", format: "text", wrap: true },
  { key: "tracking_number", label: "Tracking number", format: "text" },
  { key: "email", label: "Email", format: "text" },
  { key: "phone", label: "Phone", format: "text" },
  { key: "title", label: "Title", format: "text" },
] as const satisfies readonly ReportColumnSpec[];
export type ReportOptionalColumn = (typeof REPORT_OPTIONAL_COLUMNS)[number]["key"];

export interface ReportViewSpec {
  /** search_by of the filter. */
  id: number;
  /** Its name in the filter's select. */
  name: string;
  /** Its heading, breadcrumb and table name. */
  title: string;
  /** CSV file name: {filePrefix}{date_from}_{date_to}.csv (SPEC §9). */
  filePrefix: string;
  /** The column that tells rows apart. */
  rowKey: string;
  /** In the order of the page's SELECT and of the CSV; the optional columns come after them. */
  columns: readonly ReportColumnSpec[];
  /** The optional columns the view can show, in REPORT_OPTIONAL_COLUMNS' order. */
  optional: readonly ReportOptionalColumn[];
  /** The totals also count the rows, under this name ("Totals · 1,234 orders"). */
  countedAs?: string;
  /**
   * The web table's columns in their order, when it is not the columns' own. Without it: the
   * columns, then the optional ones just before the first summed column.
   */
  table?: readonly string[];
  /** The web table scrolls sideways below this width (px). */
  minWidth: number;
}

const orderView = {
  id: 1,
  name: "Order",
  title: "Order summary",
  filePrefix: "orders_",
  rowKey: "id",
  columns: [
    { key: "id", label: "Order #", csv: "Order ID", format: "id", link: { to: "order", by: "id" } },
    { key: "order_status", label: "Status id", format: "id", csv: false, table: false },
    { key: "order_status_name", label: "Status", format: "status" },
    { key: "created", label: "Created", csv: "Created (PT)", format: "time" },
    { key: "customer_name", label: "Practice", format: "text", under: "user_name", wrap: true },
    { key: "user_name", label: "User", format: "text" },
    // "Placed by {administrator} for {practice}" on an order taken by phone (decision 042).
    { key: "placed_by", label: "Placed by", format: "text", nullable: true, wrap: true },
    { key: "department_name", label: "Department", format: "text", nullable: true, under: "cost_center_name" },
    { key: "cost_center_name", label: "Cost Center", format: "text", nullable: true },
    { key: "po_number", label: "PO Number", format: "text", nullable: true },
    { key: "total_items_amount", label: "Items", format: "money" },
    { key: "pick_fee_amount", label: "Pick Fees", format: "money" },
    { key: "tax_amount", label: "Tax", format: "money" },
    { key: "shipping_amount", label: "Shipping", format: "money" },
    { key: "processing_amount", label: "Processing", format: "money" },
    { key: "total_order_amount", label: "Total", format: "money" },
  ],
  optional: ["department_code", "date_shipped", "ship_to", "tracking_number", "email", "phone", "title"],
  countedAs: "orders",
  table: [
    "id",
    "created",
    "order_status_name",
    "customer_name",
    "placed_by",
    "department_name",
    "po_number",
    "optional",
    "total_items_amount",
    "pick_fee_amount",
    "tax_amount",
    "shipping_amount",
    "processing_amount",
    "total_order_amount",
  ],
  minWidth: 1100,
} as const satisfies ReportViewSpec;

/** Packs sold per product; shipping and tax are each line's share of its order's, by value. */
const productView = {
  id: 2,
  name: "Product",
  title: "Product summary",
  filePrefix: "products_sold_",
  rowKey: "product_id",
  columns: [
    { key: "product_id", label: "Product ID", format: "id", table: false },
    {
      key: "product_name",
      label: "Product",
      format: "text",
      link: { to: "product", by: "product_id" },
    },
    { key: "customer_sku", label: "SKU", format: "text", nullable: true },
    { key: "quantity", label: "Quantity", format: "count" },
    { key: "total_price", label: "Total Price", format: "money" },
    { key: "shipping_cost", label: "Shipping", format: "money" },
    { key: "tax_amount", label: "Tax", format: "money" },
    { key: "pick_fee", label: "Pick Fee", format: "money" },
    { key: "subtotal", label: "Subtotal", format: "money" },
  ],
  optional: [],
  minWidth: 900,
} as const satisfies ReportViewSpec;

/** One row per ordering user. */
const userView = {
  id: 3,
  name: "User",
  title: "User summary",
  filePrefix: "user_",
  rowKey: "user_id",
  columns: [
    { key: "user_id", label: "User ID", format: "id", csv: false, table: false },
    { key: "user_name", label: "User", format: "text" },
    { key: "first_name", label: "First Name", format: "text", nullable: true, csv: false },
    { key: "last_name", label: "Last Name", format: "text", nullable: true, csv: false },
    { key: "department_name", label: "Department", format: "text", nullable: true },
    { key: "orders", label: "Orders", format: "count" },
    { key: "total_price", label: "Total Price", format: "money" },
    { key: "pick_fee", label: "Pick Fees", format: "money" },
    { key: "shipping_cost", label: "Shipping", format: "money" },
    { key: "tax_amount", label: "Tax", format: "money" },
    { key: "processing_amount", label: "Processing", format: "money" },
    { key: "subtotal", label: "Subtotal", format: "money" },
  ],
  optional: ["department_code", "email", "phone", "title"],
  minWidth: 1100,
} as const satisfies ReportViewSpec;

/** One row per order line with packs not cancelled. */
const itemView = {
  id: 4,
  name: "Item",
  title: "Item summary",
  filePrefix: "item_",
  rowKey: "order_product_id",
  columns: [
    { key: "order_id", label: "Order #", csv: "Order ID", format: "id", link: { to: "order", by: "order_id" } },
    { key: "order_product_id", label: "Line #", csv: "Line ID", format: "id" },
    { key: "created", label: "Created", csv: "Created (PT)", format: "time" },
    { key: "department_name", label: "Department", format: "text", nullable: true },
    { key: "user_name", label: "User", format: "text", under: "department_name" },
    { key: "product_id", label: "Product ID", format: "id", csv: false, table: false },
    { key: "product_name", label: "Product", format: "text", wrap: true },
    { key: "quantity", label: "Quantity", format: "count" },
    { key: "total_price", label: "Total Price", format: "money" },
  ],
  optional: ["department_code", "date_shipped", "ship_to", "tracking_number"],
  minWidth: 960,
} as const satisfies ReportViewSpec;

/**
 * The ledger over the period, in packs (SPEC §3, the reading with canceled): replenished counts
 * fills and upward adjustments; removed counts destroys and downward adjustments; canceled counts
 * stock returned by cancelled orders. ending = start + replenished − removed − sold + canceled.
 */
const inventoryView = {
  id: 5,
  name: "Inventory",
  title: "Inventory summary",
  filePrefix: "inventory_",
  rowKey: "product_id",
  columns: [
    { key: "product_id", label: "Product ID", format: "id", table: false },
    { key: "name", label: "Product", format: "text", link: { to: "inventory", by: "product_id" } },
    { key: "customer_sku", label: "SKU", format: "text", nullable: true },
    { key: "start_inventory", label: "Start Inventory", format: "count" },
    { key: "replenished", label: "Replenished", format: "count" },
    { key: "removed", label: "Removed", format: "count" },
    { key: "sold", label: "Sold", format: "count" },
    { key: "canceled", label: "Canceled", format: "count" },
    { key: "ending_inventory", label: "Ending Inventory", format: "count" },
  ],
  optional: [],
  minWidth: 900,
} as const satisfies ReportViewSpec;

/** The views by search_by. A new view is a spec here and its SQL in the API's views/ (decision 032). */
export const REPORT_VIEWS = {
  1: orderView,
  2: productView,
  3: userView,
  4: itemView,
  5: inventoryView,
} as const;
export type SearchBy = keyof typeof REPORT_VIEWS;
export type ReportView<N extends SearchBy = SearchBy> = (typeof REPORT_VIEWS)[N];

/** Order report views (SPEC §3 "Order report filter"), for the filter's select. */
export const SEARCH_BY = Object.values(REPORT_VIEWS).map(({ id, name }) => ({ id, name })) as {
  [N in SearchBy]: { id: N; name: ReportView<N>["name"] };
}[SearchBy][];
export const SEARCH_BY_ID = { ORDER: 1, PRODUCT: 2, USER: 3, ITEM: 4, INVENTORY: 5 } as const;

/** A value for each view, by search_by. */
export function mapViews<T>(pick: (view: ReportView) => T): Record<SearchBy, T> {
  return Object.fromEntries(Object.values(REPORT_VIEWS).map((view) => [view.id, pick(view)])) as unknown as Record<
    SearchBy,
    T
  >;
}

/** Which optional columns each view can show (the others make no sense for its rows). */
export const VIEW_OPTIONAL_COLUMNS: Record<SearchBy, readonly ReportOptionalColumn[]> = mapViews(
  (view) => view.optional,
);

/** CSV file names (SPEC §9): {prefix}{date_from}_{date_to}.csv. */
export const EXPORT_FILE_PREFIX: Record<SearchBy, string> = mapViews((view) => view.filePrefix);

/** A column summed into the view's totals: every count and money column. */
export const isSummed = (column: ReportColumnSpec) => column.format === "count" || column.format === "money";

// ---------------------------------------------------------------------------------------------
// Row and totals schemas, derived from the specs (types included).

type Columns<V extends ReportViewSpec> = V["columns"][number];
type ValueSchema<C> = C extends { format: "id" | "count" | "money" }
  ? z.ZodNumber
  : C extends { nullable: true }
    ? z.ZodNullable<z.ZodString>
    : z.ZodString;
type RowShape<V extends ReportViewSpec> = { [C in Columns<V> as C["key"]]: ValueSchema<C> } & {
  [K in V["optional"][number]]: z.ZodOptional<z.ZodNullable<z.ZodString>>;
};
type SummedKey<C> = C extends { format: "count" | "money"; key: infer K extends string } ? K : never;
type TotalsShape<V extends ReportViewSpec> = { [K in SummedKey<Columns<V>>]: z.ZodNumber } & (V extends {
  countedAs: infer N extends string;
}
  ? { [K in N]: z.ZodNumber }
  : unknown);

function valueSchema(column: ReportColumnSpec): z.ZodType {
  if (column.format === "id" || column.format === "count" || column.format === "money") return z.number().int();
  return column.nullable ? z.string().nullable() : z.string();
}

/** The JSON row of a view: each column by its format, the optional ones only when asked for. */
export function rowSchemaOf<V extends ReportViewSpec>(view: V): z.ZodObject<RowShape<V>> {
  const shape: Record<string, z.ZodType> = {};
  for (const column of view.columns) shape[column.key] = valueSchema(column);
  for (const key of view.optional) shape[key] = z.string().nullable().optional();
  return z.object(shape) as unknown as z.ZodObject<RowShape<V>>;
}

/** The totals of a view: each summed column, and the row count when the view names one. */
export function totalsSchemaOf<V extends ReportViewSpec>(view: V): z.ZodObject<TotalsShape<V>> {
  const shape: Record<string, z.ZodType> = {};
  if (view.countedAs) shape[view.countedAs] = z.number().int();
  for (const column of view.columns) if (isSummed(column)) shape[column.key] = z.number().int();
  return z.object(shape) as unknown as z.ZodObject<TotalsShape<V>>;
}
