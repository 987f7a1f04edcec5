import { z } from "zod";
import { FlagSchema } from "./common.ts";
import { datesInOrder, dbInt, dbText, IdSchema, IsoDateSchema } from "./primitives.ts";
import {
  REPORT_VIEWS,
  type ReportView,
  rowSchemaOf,
  SEARCH_BY,
  SEARCH_BY_ID,
  type SearchBy,
  totalsSchemaOf,
} from "./report-views.ts";

/**
 * Time zone of the portal's calendar: report date ranges are whole days here, and times in
 * reports and exports are shown here (orders carry a PST label, SPEC §9).
 */
export const PORTAL_TIME_ZONE = "America/Los_Angeles";

/** Rows a page in the summary tables, and in the drill-down tables (SPEC §9). */
export const REPORT_PAGE_SIZE = 25;
export const REPORT_DETAIL_PAGE_SIZE = 50;
/** Upper bound of one page of a report call (SPEC §9 "report 500", "inventory 1000"). */
export const REPORT_MAX_LIMIT = 500;
export const INVENTORY_REPORT_MAX_LIMIT = 1000;

/** Optional free text of a filter: trimmed, empty means "any". */
const filterTextSchema = dbText()
  .trim()
  .max(100)
  .optional()
  .nullable()
  .transform((v) => v || null);
/** A select whose 0 is the ALL option (SPEC §7 report filters). */
const allOrIdSchema = dbInt().min(0).default(0);

export const DATE_BY = ["created", "shipped"] as const;

/**
 * The order report filter (SPEC §3, §7 POST /report/orderFrontEnd). customer_id comes from the
 * session. Dates are whole days in PORTAL_TIME_ZONE, both ends included.
 */
export const ReportFilterBaseSchema = z.object({
  search_by: z
    .literal(
      SEARCH_BY.map((view) => view.id),
      {
        error: `Choose ${SEARCH_BY.map((view) => view.name)
          .join(", ")
          .replace(/, (\w+)$/, " or $1")}`,
      },
    )
    .default(SEARCH_BY_ID.ORDER),
  date_from: IsoDateSchema,
  date_to: IsoDateSchema,
  date_by: z.enum(DATE_BY).default("created"),
  department_id: allOrIdSchema,
  cost_center_id: allOrIdSchema,
  user_id: allOrIdSchema,
  /** Free text matched against the ordering user's name, email and practice. */
  user_text: filterTextSchema,
  order_status_id: allOrIdSchema,
  payment_method_id: dbInt().min(0).max(1).default(0),
  order_type_id: dbInt().min(0).max(2).default(0),
  po_number: filterTextSchema,
  /** Order id, PO number, product name or SKU, ship-to name, depending on the view. */
  keyword_search: filterTextSchema,
  department_code: FlagSchema.default(false),
  date_shipped: FlagSchema.default(false),
  ship_to: FlagSchema.default(false),
  tracking_number: FlagSchema.default(false),
  email: FlagSchema.default(false),
  phone: FlagSchema.default(false),
  title: FlagSchema.default(false),
});
export const ReportFilterSchema = ReportFilterBaseSchema.refine(...datesInOrder);
export type ReportFilterInput = z.input<typeof ReportFilterSchema>;
export type ReportFilter = z.output<typeof ReportFilterSchema>;

const paging = (pageSize: number, max: number) => ({
  limit: dbInt().min(1).max(max).default(pageSize),
  offset: dbInt().min(0).default(0),
});

export const OrderReportRequestSchema = ReportFilterBaseSchema.extend(
  paging(REPORT_PAGE_SIZE, REPORT_MAX_LIMIT),
).refine(...datesInOrder);
export type OrderReportRequest = z.input<typeof OrderReportRequestSchema>;

const cents = z.number().int();
/**
 * The rows and totals of each view, derived from its spec (report-views.ts). Amounts are what is
 * invoiced: cancelled lines are not.
 */
export const OrderSummaryRowSchema = rowSchemaOf(REPORT_VIEWS[1]);
export const OrderSummaryTotalsSchema = totalsSchemaOf(REPORT_VIEWS[1]);
export const ProductSummaryRowSchema = rowSchemaOf(REPORT_VIEWS[2]);
export const ProductSummaryTotalsSchema = totalsSchemaOf(REPORT_VIEWS[2]);
export const UserSummaryRowSchema = rowSchemaOf(REPORT_VIEWS[3]);
export const UserSummaryTotalsSchema = totalsSchemaOf(REPORT_VIEWS[3]);
export const ItemSummaryRowSchema = rowSchemaOf(REPORT_VIEWS[4]);
export const ItemSummaryTotalsSchema = totalsSchemaOf(REPORT_VIEWS[4]);
export const InventorySummaryRowSchema = rowSchemaOf(REPORT_VIEWS[5]);
export const InventorySummaryTotalsSchema = totalsSchemaOf(REPORT_VIEWS[5]);

/**
 * How fresh a report's figures are (docs/decisions/025): reports may read a replica that lags the
 * primary. `as_of` is the moment the figures show; `replica_lag_seconds` how far the replica was
 * behind (0 when it had replayed everything it received, null when reports read the primary).
 */
export const ReportFreshnessSchema = z.object({
  as_of: z.string(),
  replica_lag_seconds: z.number().nonnegative().nullable(),
});
export type ReportFreshness = z.infer<typeof ReportFreshnessSchema>;
/** The report page says how old its figures are when the replica is more than this far behind. */
export const REPLICA_LAG_NOTE_SECONDS = 60;

const viewData = <V extends ReportView>(view: V) =>
  z.object({
    search_by: z.literal(view.id as V["id"]),
    rows: z.array(rowSchemaOf(view)),
    totals: totalsSchemaOf(view),
    freshness: ReportFreshnessSchema,
  });
type ViewData = { [N in SearchBy]: ReturnType<typeof viewData<ReportView<N>>> }[SearchBy];

/** data of POST /api/report/orderFrontEnd: the rows of one page and the totals of every matching row, per view. */
export const OrderReportDataSchema = z.discriminatedUnion(
  "search_by",
  Object.values(REPORT_VIEWS).map((view) => viewData(view)) as unknown as [ViewData, ...ViewData[]],
);
export type OrderReportData = z.infer<typeof OrderReportDataSchema>;
export type OrderSummaryRow = z.infer<typeof OrderSummaryRowSchema>;
export type ProductSummaryRow = z.infer<typeof ProductSummaryRowSchema>;
export type UserSummaryRow = z.infer<typeof UserSummaryRowSchema>;
export type ItemSummaryRow = z.infer<typeof ItemSummaryRowSchema>;
export type InventorySummaryRow = z.infer<typeof InventorySummaryRowSchema>;

/**
 * POST /api/order/listOrderProducts (admin): the order lines behind one product summary row —
 * the same filter as the summary plus the product.
 */
export const OrderProductsRequestSchema = ReportFilterBaseSchema.omit({ search_by: true })
  .extend({ product_id: IdSchema, ...paging(REPORT_DETAIL_PAGE_SIZE, REPORT_MAX_LIMIT) })
  .refine(...datesInOrder);
export type OrderProductsRequest = z.input<typeof OrderProductsRequestSchema>;
export const OrderProductRowSchema = z.object({
  order_product_id: z.number().int(),
  order_id: z.number().int(),
  created: z.string(),
  order_status_name: z.string(),
  user_name: z.string(),
  department_name: z.string().nullable(),
  quantity: z.number().int(),
  cancelled_quantity: z.number().int(),
  unit_price: cents,
  total_price: cents,
});
export const OrderProductsDataSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  rows: z.array(OrderProductRowSchema),
  totals: z.object({ quantity: z.number().int(), total_price: cents }),
});
export type OrderProductsData = z.infer<typeof OrderProductsDataSchema>;

/** POST /api/report/inventoryDetails (admin): the ledger rows of one product in the period. */
export const InventoryDetailsRequestSchema = z
  .object({
    product_id: IdSchema,
    date_from: IsoDateSchema,
    date_to: IsoDateSchema,
    ...paging(REPORT_DETAIL_PAGE_SIZE, INVENTORY_REPORT_MAX_LIMIT),
  })
  .refine(...datesInOrder);
export type InventoryDetailsRequest = z.input<typeof InventoryDetailsRequestSchema>;
export const InventoryDetailRowSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Signed change in packs. */
  quantity: z.number().int(),
  ending_inventory: z.number().int(),
  palettes: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  comment: z.string().nullable(),
  date: z.string(),
});
export const InventoryDetailsDataSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  rows: z.array(InventoryDetailRowSchema),
});
export type InventoryDetailsData = z.infer<typeof InventoryDetailsDataSchema>;

/** Inventory tab status filter (SPEC §2). */
export const INVENTORY_STATUS = ["ACTIVE", "INACTIVE", "BOTH"] as const;

/**
 * POST /api/report/inventoryFrontEnd (admin, SPEC §7): stock of every product as of date_to, with
 * the fills and sales of the twelve months that end with date_to's month.
 */
export const InventoryReportRequestSchema = z.object({
  date_to: IsoDateSchema,
  status: z.enum(INVENTORY_STATUS).default("ACTIVE"),
  /** Categories to include; empty means all. */
  product_category_id: z.array(IdSchema).max(100).default([]),
  /** Adds the customer_sku column. */
  customer_sku: FlagSchema.default(false),
  /** One product only. */
  id: IdSchema.optional(),
  ...paging(INVENTORY_REPORT_MAX_LIMIT, INVENTORY_REPORT_MAX_LIMIT),
});
export type InventoryReportRequest = z.input<typeof InventoryReportRequestSchema>;
export const InventoryMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  fill: z.number().int(),
  sales: z.number().int(),
});
export const InventoryReportRowSchema = z.object({
  product_id: z.number().int(),
  category_name: z.string(),
  product_name: z.string(),
  customer_sku: z.string().nullable().optional(),
  /** Packs on hand at the end of date_to. */
  quantity: z.number().int(),
  /** Pallets recorded with the latest fill. */
  palettes: z.number().int().nullable(),
  is_active: z.boolean(),
  last_fill_date: z.string().nullable(),
  last_sold_date: z.string().nullable(),
  /** Price of one pack at the product's smallest order quantity, in cents. */
  unit_price: cents,
  /** quantity × unit_price, in cents. */
  value: cents,
  low_inventory_amount: z.number().int(),
  months: z.array(InventoryMonthSchema),
});
export const InventoryReportDataSchema = z.object({
  rows: z.array(InventoryReportRowSchema),
  /** Code of the CSV download of every matching row (GET /api/report/download?code=…). */
  export_code: z.string(),
  freshness: ReportFreshnessSchema,
});
export type InventoryReportRow = z.infer<typeof InventoryReportRowSchema>;
export type InventoryReportData = z.infer<typeof InventoryReportDataSchema>;

/**
 * POST /api/report/export (admin): a short-lived code for the CSV of every row of a report.
 * The browser then navigates to GET /api/report/download?code=… and the API streams the file.
 */
export const ReportExportRequestSchema = z.discriminatedUnion("report", [
  z.object({ report: z.literal("order"), filter: ReportFilterSchema }),
  z.object({
    report: z.literal("inventory"),
    filter: InventoryReportRequestSchema.omit({ limit: true, offset: true }),
  }),
]);
export type ReportExportRequest = z.input<typeof ReportExportRequestSchema>;
export const ReportExportSchema = z.object({
  export_code: z.string(),
  /** Path of the download, relative to the site. */
  url: z.string(),
  file_name: z.string(),
  expires: z.string(),
});
export const ReportDownloadQuerySchema = z.object({ code: dbText().min(10).max(200) });
/** How long an export code works. */
export const EXPORT_CODE_TTL_SECONDS = 600;

/** The report-filter query (SPEC §7): selects of the order report, each with ALL (0) first. */
export const ReportFiltersSchema = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cost_centers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  order_statuses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;
