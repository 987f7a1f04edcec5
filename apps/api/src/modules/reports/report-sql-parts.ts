import { ORDER_STATUS, PORTAL_TIME_ZONE, type ReportFilter } from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { escapeLike } from "../../db/like.ts";
import { dayEnd, dayStart } from "../../lib/portal-days.ts";

/**
 * The pieces every report statement is made of (docs/decisions/008): the shared order conditions
 * and keywords, the lines of the matching orders with their shares of shipping and tax, the rollup
 * test, and how a value is written in the JSON and in the CSV. Statements are plain SQL over the
 * tables (raw names, not Drizzle's query builder) because COPY takes no bind parameters:
 * inlineSql() renders them with literals, every value having been validated by the contract first.
 *
 * Money is integer cents; sums are float8 so both drivers return JS numbers (exact below 2^53).
 * Report days are whole days in PORTAL_TIME_ZONE, both ends included.
 */

const dialect = new PgDialect();

/** The statement's text with every parameter inlined as an escaped literal. */
export function inlineSql(query: SQL): string {
  return dialect.sqlToQuery(query.inlineParams()).sql;
}

export const join = (parts: SQL[], separator = sql.raw(", ")) => sql.join(parts, separator);

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

export const USER_NAME = `coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '')`;
export const PRACTICE_NAME = `coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '')`;
/**
 * "Placed by {administrator} for {practice}" when an administrator placed the order for the
 * practice (decision 042; the placer joined as pb), else null.
 */
export const PLACED_BY = `case when o.placed_by_user_id is not null and o.placed_by_user_id <> o.user_id
    then 'Placed by ' || coalesce(nullif(concat_ws(' ', pb.first_name, pb.last_name), ''), pb.email, '') || ' for ' || ${PRACTICE_NAME} end`;
export const SHIP_TO = `concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), ''))`;
export const userName = sql.raw(USER_NAME);
export const practiceName = sql.raw(PRACTICE_NAME);

/**
 * The conditions on orders `o` that every view shares: customer, date range, selects (0 = ALL)
 * and the free-text filters. The keyword is per view and added by the caller.
 */
export function orderConditions(f: ReportFilter, customerId: number): SQL[] {
  const dated = f.date_by === "shipped" ? sql.raw("o.date_shipped") : sql.raw("o.created");
  return [sql`o.customer_id = ${customerId}`, ...inPeriod(dated, f), ...orderFilters(f, customerId)];
}

/** `column` (a timestamptz) within the filter's portal days, both ends included. */
const inPeriod = (column: SQL, f: ReportFilter) => [
  sql`${column} >= ${dayStart(f.date_from)}`,
  sql`${column} < ${dayEnd(f.date_to)}`,
];

/** A line's ship day: its own (decision 045), or its order's for a line shipped before lines kept one. */
const LINE_SHIPPED = "coalesce(op.date_shipped, o.date_shipped)";

/**
 * Lines dated by the day they shipped (issue 24 §5): a split order counts each line on its own day.
 * The order conditions only bound which orders can hold such a line — not Shipped before the period
 * starts (an order is Shipped on the latest of its lines' days, orders.repository setShipped), or
 * still open — so the order-id range stays narrow; the line's own day decides. (Not by the order's
 * creation: staff may record a shipment on any day.)
 */
function lineShippedConditions(f: ReportFilter, customerId: number): { order: SQL[]; line: SQL[] } {
  const order = [
    sql`o.customer_id = ${customerId}`,
    sql`(o.date_shipped >= ${dayStart(f.date_from)} or (o.date_shipped is null and o.order_status_id <> ${ORDER_STATUS.CANCELLED}))`,
    ...orderFilters(f, customerId),
  ];
  return { order, line: inPeriod(sql.raw(LINE_SHIPPED), f) };
}

/** The conditions on orders `o` of the customer other than the period. */
function orderFilters(f: ReportFilter, customerId: number): SQL[] {
  const where: SQL[] = [];
  if (f.department_id) where.push(sql`o.department_id = ${f.department_id}`);
  if (f.cost_center_id) where.push(sql`o.cost_center_id = ${f.cost_center_id}`);
  if (f.user_id) where.push(sql`o.user_id = ${f.user_id}`);
  if (f.order_status_id) where.push(sql`o.order_status_id = ${f.order_status_id}`);
  if (f.payment_method_id) where.push(sql`o.payment_method_id = ${f.payment_method_id}`);
  if (f.order_type_id) where.push(sql`o.order_type_id = ${f.order_type_id}`);
  if (f.po_number) where.push(sql`o.po_number ilike ${containsPattern(f.po_number)}`);
  if (f.user_text) {
    const p = containsPattern(f.user_text);
    where.push(sql`o.user_id in (select su.id from users su where su.customer_id = ${customerId}
      and (concat_ws(' ', su.first_name, su.last_name) ilike ${p} or su.email ilike ${p} or su.representation ilike ${p}))`);
  }
  return where;
}

/** Order-level keyword: the order number, PO, ship-to or contact name, or a product on the order. */
export function orderKeyword(keyword: string): SQL {
  const p = containsPattern(keyword);
  const id = /^\d{1,9}$/.test(keyword) ? sql`o.id = ${Number(keyword)} or ` : sql``;
  return sql`(${id}o.po_number ilike ${p} or o.ship_name ilike ${p} or o.contact_name ilike ${p}
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike ${p}))`;
}

/** Line-level keyword: the product's name or SKU. */
export function productKeyword(keyword: string, alias: "p" = "p"): SQL {
  const p = containsPattern(keyword);
  return sql`(${sql.raw(alias)}.name ilike ${p} or ${sql.raw(alias)}.customer_sku ilike ${p})`;
}

/** The customer's products matching a product keyword, as a condition on `column`. */
export const productKeywordIn = (column: string, customerId: number, keyword: string) =>
  sql`${sql.raw(column)} in (select p.id from products p where p.customer_id = ${customerId} and ${productKeyword(keyword)})`;

export const and = (parts: SQL[]) => join(parts, sql.raw(" and "));

/**
 * A line's share of an order amount, by value, rounded half up — in integer arithmetic, which is
 * several times faster than numeric over millions of lines. (amount × value fits in int8.)
 */
const share = (amount: string, unitValue: string, orderValue: string) =>
  sql.raw(`(case when ${orderValue} > 0
    then ((${amount})::int8 * (${unitValue}) * (op.quantity - op.cancelled_quantity) * 2 + (${orderValue})) / (2 * (${orderValue}))
    else 0 end)::int4`);

/**
 * How the lines of the matching orders are found; each way gives the same rows.
 * - "range" (sums over a period): the order_id bounds repeat the date range in a form the
 *   order_products index can use — a line's order is always inside its order's id range, and order
 *   ids grow with time — so the lines of a year are one index range instead of a scan of every line.
 * - "any" (a page, which walks the newest orders and their lines): no bounds to compute first.
 * - "newest-orders-first" (the item CSV): the matching orders newest first (the
 *   orders_customer_created_idx order), each followed by its lines. The rows then come out in the
 *   CSV's order except among lines of orders created at the same instant, which PostgreSQL sorts
 *   group by group (an incremental sort), so the first row streams at once instead of after a sort
 *   of every line of the period. `offset 0` keeps the lines a per-order subquery: flattened into a
 *   plain join, the planner would hash the two sides together and sort the whole result again.
 */
export type LineSource = "range" | "any" | "newest-orders-first";

/**
 * Lines of the matching orders, with the packs not cancelled and each line's share of its order's
 * shipping and tax (by value). Dated by "shipped", a line is in the period by its own ship day. `extra` are conditions on the line `op`. A destroy order's lines are
 * stock thrown away, not sales: they are never among them (as in report_product_days, 0013).
 */
export function matchingLines(
  f: ReportFilter,
  customerId: number,
  extra: SQL[] = [],
  source: LineSource = "range",
): SQL {
  const byLineShipped = f.date_by === "shipped" ? lineShippedConditions(f, customerId) : undefined;
  const where = [...(byLineShipped?.order ?? orderConditions(f, customerId)), sql`not o.is_destroy`];
  const notCancelled = sql`op.quantity > op.cancelled_quantity`;
  // The line's ship day needs the order's (LINE_SHIPPED): checked where both are joined.
  const lineWhere = [...extra, ...(byLineShipped?.line ?? [])];
  let from: SQL;
  if (source === "newest-orders-first") {
    from = sql`from orders o
    cross join lateral (select * from order_products op
      where op.order_id = o.id and ${and([notCancelled, ...extra])} offset 0) op
    where ${and([...where, ...(byLineShipped?.line ?? [])])}`;
  } else {
    const ids =
      source === "range"
        ? sql`select min(o.id) lo, max(o.id) hi from orders o where ${and(where)}`
        : sql`select 0 lo, 2147483647 hi`;
    from = sql`from (${ids}) r
    join order_products op on op.order_id between r.lo and r.hi
    join orders o on o.id = op.order_id
    where ${and([notCancelled, ...where, ...lineWhere])}`;
  }
  return sql`select op.id, op.order_id, op.product_id, op.product_name, op.quantity, op.cancelled_quantity,
      op.unit_price_cents, op.tracking_number as line_tracking,
      (op.quantity - op.cancelled_quantity) as qty,
      op.unit_price_cents * (op.quantity - op.cancelled_quantity) as price,
      (op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) as pick,
      ${share("o.shipping_amount", "op.unit_price_cents", "o.total_items_amount")} as ship,
      ${share("o.tax_amount", "op.unit_price_cents + op.pick_fee_cents / op.quantity", "o.total_items_amount + o.pick_fee_amount")} as tax,
      o.created, o.user_id, o.department_id, ${sql.raw(LINE_SHIPPED)} as date_shipped, o.order_status_id,
      o.ship_name, o.ship_line1, o.ship_city, o.ship_state, o.ship_zip_code, o.tracking_number
    ${from}`;
}

/** A timestamptz as an ISO-8601 UTC string, the same text on both drivers. */
export const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Whether the daily rollup (report_product_days) answers the filter: dated by creation, with no
 * order-level filter. A product keyword still applies, products being the rollup's key.
 */
export function rollupApplies(f: ReportFilter): boolean {
  return (
    f.date_by === "created" &&
    !f.department_id &&
    !f.cost_center_id &&
    !f.user_id &&
    !f.order_status_id &&
    !f.payment_method_id &&
    !f.order_type_id &&
    !f.po_number &&
    !f.user_text
  );
}

/** A text cell a spreadsheet would read as a formula gets a leading apostrophe (OWASP CSV injection). */
export const safe = (expression: string) =>
  sql.raw(
    `(case when left(${expression}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${expression} else ${expression} end)`,
  );
/** Cents as dollars with two decimals, no currency sign or separators (spreadsheets read it as a number). */
export const dollars = (expression: string) => sql.raw(`to_char((${expression})::numeric / 100, 'FM999999999990.00')`);
export const localDateTime = (expression: string) =>
  sql`to_char((${sql.raw(expression)}) at time zone ${PORTAL_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`;

/** The rows of report_product_days (customer, portal day, product) the filter's period and product keyword select. */
export function productDaysWhere(f: ReportFilter, customerId: number): SQL {
  const where = [sql`r.customer_id = ${customerId}`, sql`r.day between ${f.date_from} and ${f.date_to}`];
  if (f.keyword_search) where.push(productKeywordIn("r.product_id", customerId, f.keyword_search));
  return and(where);
}
