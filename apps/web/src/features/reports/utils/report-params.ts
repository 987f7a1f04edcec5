import {
  type DATE_BY,
  type OrderReportRequest,
  REPORT_OPTIONAL_COLUMNS,
  REPORT_PAGE_SIZE,
  REPORT_VIEWS,
  type ReportFilterInput,
  ReportFilterSchema,
  type ReportOptionalColumn,
  type SearchBy,
  VIEW_OPTIONAL_COLUMNS,
} from "@vetportal/contract";
import { addressDay } from "../../../lib/address-day.ts";

/**
 * The order report's state lives in the URL (search params), so reload, Back and a shared link
 * show the same report: the applied filter, the page, and the drill-down being looked at.
 */
export interface ReportFormValues {
  search_by: SearchBy;
  date_from: string;
  date_to: string;
  date_by: (typeof DATE_BY)[number];
  department_id: number;
  cost_center_id: number;
  /** A user picked from the suggestions; 0 when the user text is free text (or empty). */
  user_id: number;
  user_text: string;
  order_status_id: number;
  payment_method_id: number;
  order_type_id: number;
  po_number: string;
  keyword_search: string;
  columns: ReportOptionalColumn[];
}

export function defaultFormValues(today: string): ReportFormValues {
  return {
    search_by: 1,
    date_from: today,
    date_to: today,
    date_by: "created",
    department_id: 0,
    cost_center_id: 0,
    user_id: 0,
    user_text: "",
    order_status_id: 0,
    payment_method_id: 0,
    order_type_id: 0,
    po_number: "",
    keyword_search: "",
    columns: [],
  };
}

/** URL names of the filter fields. */
const KEYS = {
  search_by: "view",
  date_from: "from",
  date_to: "to",
  date_by: "by",
  department_id: "department",
  cost_center_id: "cost_center",
  user_id: "user",
  user_text: "user_text",
  order_status_id: "status",
  payment_method_id: "payment",
  order_type_id: "type",
  po_number: "po",
  keyword_search: "keyword",
  columns: "columns",
} as const;

/** Parameters of the Reports tab: the filter above plus paging and drill-down. */
const REPORT_KEYS = [...Object.values(KEYS), "page", "detail", "order", "product", "dpage"] as const;

const OPTIONAL_KEYS = new Set<string>(REPORT_OPTIONAL_COLUMNS.map((column) => column.key));

function whole(value: string | null): number {
  return value && /^\d+$/.test(value) ? Number(value) : 0;
}

function isSearchBy(value: number): value is SearchBy {
  return value in REPORT_VIEWS;
}

/** The filter of the last Search, or null when none has run (no dates in the URL) or the URL is unusable. */
export function readAppliedFilter(params: URLSearchParams): ReportFormValues | null {
  const from = addressDay(params.get(KEYS.date_from));
  const to = addressDay(params.get(KEYS.date_to));
  if (!from || !to) return null;
  const view = whole(params.get(KEYS.search_by)) || 1;
  const by = params.get(KEYS.date_by);
  const values: ReportFormValues = {
    search_by: isSearchBy(view) ? view : 1,
    date_from: from,
    date_to: to,
    date_by: by === "shipped" ? "shipped" : "created",
    department_id: whole(params.get(KEYS.department_id)),
    cost_center_id: whole(params.get(KEYS.cost_center_id)),
    user_id: whole(params.get(KEYS.user_id)),
    user_text: params.get(KEYS.user_text) ?? "",
    order_status_id: whole(params.get(KEYS.order_status_id)),
    payment_method_id: whole(params.get(KEYS.payment_method_id)),
    order_type_id: whole(params.get(KEYS.order_type_id)),
    po_number: params.get(KEYS.po_number) ?? "",
    keyword_search: params.get(KEYS.keyword_search) ?? "",
    columns: (params.get(KEYS.columns) ?? "")
      .split(",")
      .filter((key): key is ReportOptionalColumn => OPTIONAL_KEYS.has(key)),
  };
  return ReportFilterSchema.safeParse(toReportFilter(values)).success ? values : null;
}

/** The URL of a new Search: the filter, first page, no drill-down; other tabs' parameters kept. */
export function writeAppliedFilter(current: URLSearchParams, values: ReportFormValues): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of REPORT_KEYS) next.delete(key);
  const defaults = defaultFormValues(values.date_from);
  next.set(KEYS.search_by, String(values.search_by));
  next.set(KEYS.date_from, values.date_from);
  next.set(KEYS.date_to, values.date_to);
  for (const field of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
    if (field === "search_by" || field === "date_from" || field === "date_to" || field === "columns") continue;
    const value = values[field];
    const text = typeof value === "string" ? value.trim() : String(value);
    if (text !== String(defaults[field])) next.set(KEYS[field], text);
  }
  if (values.columns.length) next.set(KEYS.columns, values.columns.join(","));
  return next;
}

/** Optional columns the filter asks for that the view can show. */
export function visibleOptionalColumns(values: Pick<ReportFormValues, "search_by" | "columns">) {
  const allowed = VIEW_OPTIONAL_COLUMNS[values.search_by];
  return REPORT_OPTIONAL_COLUMNS.filter(
    (column) => allowed.includes(column.key) && values.columns.includes(column.key),
  );
}

/** The wire filter (SPEC §3 "Order report filter"), without paging. */
export function toReportFilter(values: ReportFormValues): ReportFilterInput {
  const shown = new Set(visibleOptionalColumns(values).map((column) => column.key));
  const flag = (key: ReportOptionalColumn) => (shown.has(key) ? 1 : 0);
  return {
    search_by: values.search_by,
    date_from: values.date_from,
    date_to: values.date_to,
    date_by: values.date_by,
    department_id: values.department_id,
    cost_center_id: values.cost_center_id,
    user_id: values.user_id,
    // A picked user is matched by id; its label is no search text.
    user_text: values.user_id ? null : values.user_text.trim() || null,
    order_status_id: values.order_status_id,
    payment_method_id: values.payment_method_id,
    order_type_id: values.order_type_id,
    po_number: values.po_number.trim() || null,
    keyword_search: values.keyword_search.trim() || null,
    department_code: flag("department_code"),
    date_shipped: flag("date_shipped"),
    ship_to: flag("ship_to"),
    tracking_number: flag("tracking_number"),
    email: flag("email"),
    phone: flag("phone"),
    title: flag("title"),
  };
}

export function toOrderReportRequest(values: ReportFormValues, page: number): OrderReportRequest {
  return { ...toReportFilter(values), limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE };
}

/** A positive page number from the URL; 1 otherwise. */
export function readPage(params: URLSearchParams, key = "page"): number {
  return whole(params.get(key)) || 1;
}

export type Drilldown =
  | { kind: "order"; orderId: number }
  | { kind: "product"; productId: number; page: number }
  | { kind: "inventory"; productId: number; page: number };

export function readDrilldown(params: URLSearchParams): Drilldown | null {
  const detail = params.get("detail");
  if (detail === "order") {
    const orderId = whole(params.get("order"));
    return orderId ? { kind: "order", orderId } : null;
  }
  if (detail === "product" || detail === "inventory") {
    const productId = whole(params.get("product"));
    return productId ? { kind: detail, productId, page: readPage(params, "dpage") } : null;
  }
  return null;
}

/** The search string of a drill-down from the current report (filter and page kept). */
export function drilldownSearch(current: URLSearchParams, drilldown: Drilldown): string {
  const next = withoutDrilldown(current);
  next.set("detail", drilldown.kind);
  if (drilldown.kind === "order") next.set("order", String(drilldown.orderId));
  else {
    next.set("product", String(drilldown.productId));
    if (drilldown.page > 1) next.set("dpage", String(drilldown.page));
  }
  return `?${next.toString()}`;
}

/** The report the drill-down came from: same filter, same page. */
export function withoutDrilldown(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ["detail", "order", "product", "dpage"]) next.delete(key);
  return next;
}

/** A page of the summary (page 1 is the bare URL). */
export function withPage(current: URLSearchParams, key: string, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page > 1) next.set(key, String(page));
  else next.delete(key);
  return next;
}
