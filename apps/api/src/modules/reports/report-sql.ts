import {
  EXPORT_FILE_PREFIX,
  InventorySummaryTotalsSchema,
  PORTAL_TIME_ZONE,
  ProductSummaryTotalsSchema,
  REPORT_OPTIONAL_COLUMNS,
  type ReportFilter,
  type ReportOptionalColumn,
  UserSummaryTotalsSchema,
  VIEW_OPTIONAL_COLUMNS,
} from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { escapeLike } from "../../db/like.ts";
import { dayEnd, dayStart } from "../../lib/portal-days.ts";

/**
 * The SQL of the order report (SPEC §3 rows, §7 POST /report/orderFrontEnd) and of its CSV exports.
 * Every view is one statement built here, so the page, the totals, the CSV and the benchmark's
 * "PostgreSQL alone" figure all run the same text. Statements are plain SQL over the tables (raw
 * names, not Drizzle's query builder) because COPY takes no bind parameters: inlineSql() renders
 * them with literals, every value having been validated by the contract first.
 *
 * Money is integer cents; sums are float8 so both drivers return JS numbers (exact below 2^53).
 * Report days are whole days in PORTAL_TIME_ZONE, both ends included.
 */

const dialect = new PgDialect();

/** The statement's text with every parameter inlined as an escaped literal. */
export function inlineSql(query: SQL): string {
  return dialect.sqlToQuery(query.inlineParams()).sql;
}

const join = (parts: SQL[], separator = sql.raw(", ")) => sql.join(parts, separator);

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

const USER_NAME = `coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '')`;
const PRACTICE_NAME = `coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '')`;
const SHIP_TO = `concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), ''))`;
const userName = sql.raw(USER_NAME);
const practiceName = sql.raw(PRACTICE_NAME);

/**
 * The conditions on orders `o` that every view shares: customer, date range, selects (0 = ALL)
 * and the free-text filters. The keyword is per view and added by the caller.
 */
function orderConditions(f: ReportFilter, customerId: number): SQL[] {
  const dated = f.date_by === "shipped" ? sql.raw("o.date_shipped") : sql.raw("o.created");
  const where = [
    sql`o.customer_id = ${customerId}`,
    sql`${dated} >= ${dayStart(f.date_from)}`,
    sql`${dated} < ${dayEnd(f.date_to)}`,
  ];
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
function orderKeyword(keyword: string): SQL {
  const p = containsPattern(keyword);
  const id = /^\d{1,9}$/.test(keyword) ? sql`o.id = ${Number(keyword)} or ` : sql``;
  return sql`(${id}o.po_number ilike ${p} or o.ship_name ilike ${p} or o.contact_name ilike ${p}
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike ${p}))`;
}

/** Line-level keyword: the product's name or SKU. */
function productKeyword(keyword: string, alias: "p" = "p"): SQL {
  const p = containsPattern(keyword);
  return sql`(${sql.raw(alias)}.name ilike ${p} or ${sql.raw(alias)}.customer_sku ilike ${p})`;
}

/** The customer's products matching a product keyword, as a condition on `column`. */
const productKeywordIn = (column: string, customerId: number, keyword: string) =>
  sql`${sql.raw(column)} in (select p.id from products p where p.customer_id = ${customerId} and ${productKeyword(keyword)})`;

const and = (parts: SQL[]) => join(parts, sql.raw(" and "));

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
type LineSource = "range" | "any" | "newest-orders-first";

/**
 * Lines of the matching orders, with the packs not cancelled and each line's share of its order's
 * shipping and tax (by value). `extra` are conditions on the line `op`. A destroy order's lines are
 * stock thrown away, not sales: they are never among them (as in report_product_days, 0013).
 */
function matchingLines(f: ReportFilter, customerId: number, extra: SQL[] = [], source: LineSource = "range"): SQL {
  const where = [...orderConditions(f, customerId), sql`not o.is_destroy`];
  const notCancelled = sql`op.quantity > op.cancelled_quantity`;
  let from: SQL;
  if (source === "newest-orders-first") {
    from = sql`from orders o
    cross join lateral (select * from order_products op
      where op.order_id = o.id and ${and([notCancelled, ...extra])} offset 0) op
    where ${and(where)}`;
  } else {
    const ids =
      source === "range"
        ? sql`select min(o.id) lo, max(o.id) hi from orders o where ${and(where)}`
        : sql`select 0 lo, 2147483647 hi`;
    from = sql`from (${ids}) r
    join order_products op on op.order_id between r.lo and r.hi
    join orders o on o.id = op.order_id
    where ${and([notCancelled, ...where, ...extra])}`;
  }
  return sql`select op.id, op.order_id, op.product_id, op.product_name, op.quantity, op.cancelled_quantity,
      op.unit_price_cents, op.tracking_number as line_tracking,
      (op.quantity - op.cancelled_quantity) as qty,
      op.unit_price_cents * (op.quantity - op.cancelled_quantity) as price,
      (op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) as pick,
      ${share("o.shipping_amount", "op.unit_price_cents", "o.total_items_amount")} as ship,
      ${share("o.tax_amount", "op.unit_price_cents + op.pick_fee_cents / op.quantity", "o.total_items_amount + o.pick_fee_amount")} as tax,
      o.created, o.user_id, o.department_id, o.date_shipped, o.order_status_id,
      o.ship_name, o.ship_line1, o.ship_city, o.ship_state, o.ship_zip_code, o.tracking_number
    ${from}`;
}

/** Which optional columns of the view the filter asked for. */
export function optionalColumnsOf(f: ReportFilter): ReportOptionalColumn[] {
  return VIEW_OPTIONAL_COLUMNS[f.search_by].filter((c) => f[c]);
}

/** A timestamptz as an ISO-8601 UTC string, the same text on both drivers. */
const isoTime = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Source of each optional column, per view (order, user, item); JSON and CSV format it. */
const OPTIONAL_SOURCES: Record<1 | 3 | 4, Partial<Record<ReportOptionalColumn, string>>> = {
  1: {
    department_code: "d.department_code",
    date_shipped: "o.date_shipped",
    ship_to: SHIP_TO,
    tracking_number: "o.tracking_number",
    email: "o.email",
    phone: "o.contact_phone",
    title: "u.title",
  },
  3: { department_code: "d.department_code", email: "u.email", phone: "u.phone", title: "u.title" },
  4: {
    department_code: "d.department_code",
    date_shipped: "o.date_shipped",
    ship_to: SHIP_TO,
    tracking_number: "coalesce(o.line_tracking, o.tracking_number)",
  },
};
const optionalSource = (view: 1 | 3 | 4, c: ReportOptionalColumn) => OPTIONAL_SOURCES[view][c] ?? "null";

function optionalSelect(f: ReportFilter, view: 1 | 3 | 4): SQL[] {
  return optionalColumnsOf(f).map((c) => {
    const source = optionalSource(view, c);
    return sql`${c === "date_shipped" ? isoTime(source) : sql.raw(source)} as ${sql.identifier(c)}`;
  });
}

export interface ReportStatements {
  /** The page's rows. */
  rows: SQL;
  /**
   * The totals row (found_rows plus each summed column). Null when `rows` carries them itself:
   * the grouped views compute their groups once and return the totals on every page row
   * (and on one row of nulls when the page is past the end).
   */
  totals: SQL | null;
}

interface Page {
  limit: number;
  offset: number;
}

const money = (column: string) => sql.raw(`coalesce(sum(${column}), 0)::float8 as ${column}`);

/** Order summary: one row per order, newest first. */
function orderSummary(f: ReportFilter, customerId: number, page: Page): ReportStatements {
  const where = orderConditions(f, customerId);
  if (f.keyword_search) where.push(orderKeyword(f.keyword_search));
  const ordered = f.date_by === "shipped" ? "o.date_shipped desc, o.id desc" : "o.created desc, o.id desc";
  const rows = sql`select o.id, o.order_status_id as order_status, st.name as order_status_name,
      ${isoTime("o.created")} as created,
      ${practiceName} as customer_name, ${userName} as user_name,
      d.name as department_name, cc.name as cost_center_name, o.po_number,
      o.total_items_amount, o.pick_fee_amount, o.tax_amount, o.shipping_amount, o.processing_amount, o.total_order_amount
      ${join(
        optionalSelect(f, 1).map((s) => sql`, ${s}`),
        sql.raw(""),
      )}
    from (select * from orders o where ${and(where)} order by ${sql.raw(ordered)}
          limit ${page.limit} offset ${page.offset}) o
    join users u on u.id = o.user_id
    join order_statuses st on st.id = o.order_status_id
    left join departments d on d.id = o.department_id
    left join cost_centers cc on cc.id = o.cost_center_id
    order by ${sql.raw(ordered)}`;
  const totals = sql`select count(*)::int as found_rows, count(*)::int as orders,
      ${money("total_items_amount")}, ${money("pick_fee_amount")}, ${money("tax_amount")},
      ${money("shipping_amount")}, ${money("processing_amount")}, ${money("total_order_amount")}
    from orders o where ${and(where)}`;
  return { rows, totals };
}

/**
 * The grouped views share one shape: the groups once (materialized), their totals, and the page
 * joined to the totals so a single statement answers both.
 */
function groupedPage(groups: SQL, totals: string[], orderBy: string[], page: Page): SQL {
  const sums = totals.map((c) => `coalesce(sum(${c}), 0)::float8 as sum__${c}`).join(", ");
  return sql`with g as materialized (${groups}),
    t as (select count(*)::int as found_rows, ${sql.raw(sums)} from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by ${sql.raw(orderBy.join(", "))} limit ${page.limit} offset ${page.offset}) pg on true
    order by ${sql.raw(orderBy.map((c) => `pg.${c}`).join(", "))}`;
}

/** The summed columns of a grouped view: the fields of the contract's totals schema, declared there once. */
const columnsOf = (totals: { shape: object }) => Object.keys(totals.shape);

export const PRODUCT_TOTALS = columnsOf(ProductSummaryTotalsSchema);

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

/** Product summary: packs sold per product, with the lines' share of shipping and tax. */
function productSummaryGroups(f: ReportFilter, customerId: number): SQL {
  let sums: SQL;
  if (rollupApplies(f)) {
    const where = [sql`r.customer_id = ${customerId}`, sql`r.day between ${f.date_from} and ${f.date_to}`];
    if (f.keyword_search) where.push(productKeywordIn("r.product_id", customerId, f.keyword_search));
    sums = sql`select r.product_id, sum(r.quantity) as qty, sum(r.total_price) as price, sum(r.shipping_cost) as ship,
        sum(r.tax_amount) as tax, sum(r.pick_fee) as pick
      from report_product_days r where ${and(where)} group by r.product_id`;
  } else {
    const extra = f.keyword_search ? [productKeywordIn("op.product_id", customerId, f.keyword_search)] : [];
    sums = sql`select l.product_id, sum(l.qty) as qty, sum(l.price) as price, sum(l.ship) as ship,
        sum(l.tax) as tax, sum(l.pick) as pick
      from (${matchingLines(f, customerId, extra)}) l group by l.product_id`;
  }
  return sql`select s.product_id, p.name as product_name, p.customer_sku,
      s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost,
      s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal
    from (${sums}) s join products p on p.id = s.product_id`;
}

export const USER_TOTALS = columnsOf(UserSummaryTotalsSchema);
/** User summary: the invoiced amounts of each ordering user's orders. */
function userSummaryGroups(f: ReportFilter, customerId: number, optional: SQL[]): SQL {
  const where = orderConditions(f, customerId);
  if (f.keyword_search) where.push(orderKeyword(f.keyword_search));
  return sql`select s.user_id, ${userName} as user_name, u.first_name, u.last_name, d.name as department_name,
      s.orders, s.total_price, s.pick_fee, s.shipping_cost, s.tax_amount, s.processing_amount, s.subtotal
      ${join(
        optional.map((s) => sql`, ${s}`),
        sql.raw(""),
      )}
    from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where ${and(where)} group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id`;
}

/** Item summary: one row per order line with packs not cancelled, newest first. */
function itemSummary(f: ReportFilter, customerId: number, page: Page): ReportStatements {
  const extra = f.keyword_search ? [productKeywordIn("op.product_id", customerId, f.keyword_search)] : [];
  const lines = matchingLines(f, customerId, extra);
  const rows = sql`select o.id as order_product_id, o.order_id,
      ${isoTime("o.created")} as created,
      d.name as department_name, ${userName} as user_name, o.product_id, o.product_name,
      o.qty::int as quantity, o.price::float8 as total_price
      ${join(
        optionalSelect(f, 4).map((s) => sql`, ${s}`),
        sql.raw(""),
      )}
    from (${matchingLines(f, customerId, extra, "any")} order by o.created desc, op.id desc
          limit ${page.limit} offset ${page.offset}) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc`;
  let totals = sql`select count(*)::int as found_rows, coalesce(sum(l.qty), 0)::int as quantity,
      coalesce(sum(l.price), 0)::float8 as total_price from (${lines}) l`;
  if (rollupApplies(f)) {
    const where = [sql`r.customer_id = ${customerId}`, sql`r.day between ${f.date_from} and ${f.date_to}`];
    if (f.keyword_search) where.push(productKeywordIn("r.product_id", customerId, f.keyword_search));
    totals = sql`select coalesce(sum(r.lines), 0)::int as found_rows, coalesce(sum(r.quantity), 0)::int as quantity,
        coalesce(sum(r.total_price), 0)::float8 as total_price from report_product_days r where ${and(where)}`;
  }
  return { rows, totals };
}

export const INVENTORY_TOTALS = columnsOf(InventorySummaryTotalsSchema);
/**
 * Inventory summary from the ledger (DESIGN §3): the balance before the period, the movements in
 * it by kind (from the ledger's daily rollup, report_inventory_days), and the balance after.
 * Products in inventory, or with movements in the period.
 */
function inventorySummaryGroups(f: ReportFilter, customerId: number): SQL {
  const from = dayStart(f.date_from);
  const keyword = f.keyword_search ? sql` and ${productKeyword(f.keyword_search)}` : sql``;
  return sql`select p.id as product_id, p.name, p.customer_sku,
      coalesce(b.ending_inventory, 0) as start_inventory,
      coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed,
      coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled,
      (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory
    from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between ${f.date_from} and ${f.date_to}
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ${from}
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = ${customerId} and (p.is_in_inventory or m.product_id is not null)${keyword}`;
}

/**
 * The statements of one page of a view. Order and item summaries run a page query and a totals
 * query (the API runs them concurrently); the grouped views answer both in `rows`.
 */
export function orderReportSql(f: ReportFilter, customerId: number, page: Page): ReportStatements {
  switch (f.search_by) {
    case 1:
      return orderSummary(f, customerId, page);
    case 2:
      return {
        rows: groupedPage(productSummaryGroups(f, customerId), PRODUCT_TOTALS, ["product_name", "product_id"], page),
        totals: null,
      };
    case 3:
      return {
        rows: groupedPage(
          userSummaryGroups(f, customerId, optionalSelect(f, 3)),
          USER_TOTALS,
          ["user_name", "user_id"],
          page,
        ),
        totals: null,
      };
    case 4:
      return itemSummary(f, customerId, page);
    case 5:
      return {
        rows: groupedPage(inventorySummaryGroups(f, customerId), INVENTORY_TOTALS, ["name", "product_id"], page),
        totals: null,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// CSV exports: the same rows, every one of them, as text columns with spreadsheet headers.

/** A text cell a spreadsheet would read as a formula gets a leading apostrophe (OWASP CSV injection). */
const safe = (expression: string) =>
  sql.raw(
    `(case when left(${expression}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${expression} else ${expression} end)`,
  );
/** Cents as dollars with two decimals, no currency sign or separators (spreadsheets read it as a number). */
const dollars = (expression: string) => sql.raw(`to_char((${expression})::numeric / 100, 'FM999999999990.00')`);
const localDateTime = (expression: string) =>
  sql`to_char((${sql.raw(expression)}) at time zone ${PORTAL_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`;

interface CsvColumn {
  header: string;
  value: SQL;
}
const column = (header: string, value: SQL): CsvColumn => ({ header, value });
const select = (columns: CsvColumn[]) => join(columns.map((c) => sql`${c.value} as ${sql.identifier(c.header)}`));

/** "Ship to" → "Ship To": the contract's label in the CSV's header style. */
const optionalHeader = (c: ReportOptionalColumn) =>
  (REPORT_OPTIONAL_COLUMNS.find((o) => o.key === c)?.label ?? c).replace(/\b\w/g, (ch) => ch.toUpperCase());

function optionalCsv(f: ReportFilter, view: 1 | 4): CsvColumn[] {
  return optionalColumnsOf(f).map((c) => {
    const source = optionalSource(view, c);
    return column(optionalHeader(c), c === "date_shipped" ? localDateTime(source) : safe(`(${source})`));
  });
}

/** The CSV statement of a view: every matching row, in the page's order. */
export function orderExportSql(f: ReportFilter, customerId: number): SQL {
  switch (f.search_by) {
    case 1: {
      const where = orderConditions(f, customerId);
      if (f.keyword_search) where.push(orderKeyword(f.keyword_search));
      const ordered = f.date_by === "shipped" ? "o.date_shipped desc, o.id desc" : "o.created desc, o.id desc";
      return sql`select ${select([
        column("Order ID", sql.raw("o.id")),
        column("Status", sql.raw("st.name")),
        column("Created (PT)", localDateTime("o.created")),
        column("Practice", safe(PRACTICE_NAME)),
        column("User", safe(USER_NAME)),
        column("Department", safe("d.name")),
        column("Cost Center", safe("cc.name")),
        column("PO Number", safe("o.po_number")),
        column("Items", dollars("o.total_items_amount")),
        column("Pick Fees", dollars("o.pick_fee_amount")),
        column("Tax", dollars("o.tax_amount")),
        column("Shipping", dollars("o.shipping_amount")),
        column("Processing", dollars("o.processing_amount")),
        column("Total", dollars("o.total_order_amount")),
        ...optionalCsv(f, 1),
      ])}
      from orders o
      join users u on u.id = o.user_id
      join order_statuses st on st.id = o.order_status_id
      left join departments d on d.id = o.department_id
      left join cost_centers cc on cc.id = o.cost_center_id
      where ${and(where)}
      order by ${sql.raw(ordered)}`;
    }
    case 2:
      return sql`select ${select([
        column("Product ID", sql.raw("g.product_id")),
        column("Product", safe("g.product_name")),
        column("SKU", safe("g.customer_sku")),
        column("Quantity", sql.raw("g.quantity")),
        column("Total Price", dollars("g.total_price")),
        column("Shipping", dollars("g.shipping_cost")),
        column("Tax", dollars("g.tax_amount")),
        column("Pick Fee", dollars("g.pick_fee")),
        column("Subtotal", dollars("g.subtotal")),
      ])} from (${productSummaryGroups(f, customerId)}) g order by g.product_name, g.product_id`;
    case 3: {
      return sql`select ${select([
        column("User", safe("g.user_name")),
        column("Department", safe("g.department_name")),
        column("Orders", sql.raw("g.orders")),
        column("Total Price", dollars("g.total_price")),
        column("Pick Fees", dollars("g.pick_fee")),
        column("Shipping", dollars("g.shipping_cost")),
        column("Tax", dollars("g.tax_amount")),
        column("Processing", dollars("g.processing_amount")),
        column("Subtotal", dollars("g.subtotal")),
        ...optionalColumnsOf(f).map((c) => column(optionalHeader(c), safe(`g.${c}`))),
      ])} from (${userSummaryGroups(f, customerId, optionalSelect(f, 3))}) g order by g.user_name, g.user_id`;
    }
    case 4: {
      const extra = f.keyword_search ? [productKeywordIn("op.product_id", customerId, f.keyword_search)] : [];
      return sql`select ${select([
        column("Order ID", sql.raw("o.order_id")),
        column("Line ID", sql.raw("o.id")),
        column("Created (PT)", localDateTime("o.created")),
        column("Department", safe("d.name")),
        column("User", safe(USER_NAME)),
        column("Product", safe("o.product_name")),
        column("Quantity", sql.raw("o.qty")),
        column("Total Price", dollars("o.price")),
        ...optionalCsv(f, 4),
      ])}
      from (${matchingLines(f, customerId, extra, "newest-orders-first")}) o
      join users u on u.id = o.user_id
      left join departments d on d.id = o.department_id
      order by o.created desc, o.id desc`;
    }
    case 5:
      return sql`select ${select([
        column("Product ID", sql.raw("g.product_id")),
        column("Product", safe("g.name")),
        column("SKU", safe("g.customer_sku")),
        column("Start Inventory", sql.raw("g.start_inventory")),
        column("Replenished", sql.raw("g.replenished")),
        column("Removed", sql.raw("g.removed")),
        column("Sold", sql.raw("g.sold")),
        column("Canceled", sql.raw("g.canceled")),
        column("Ending Inventory", sql.raw("g.ending_inventory")),
      ])} from (${inventorySummaryGroups(f, customerId)}) g order by g.name, g.product_id`;
  }
}

/** orders_2026-01-01_2026-01-31.csv and the like (SPEC §9). */
export function exportFileName(f: ReportFilter): string {
  return `${EXPORT_FILE_PREFIX[f.search_by]}${f.date_from}_${f.date_to}.csv`;
}

// ---------------------------------------------------------------------------------------------
// Drill-downs and the inventory tab.

/** The lines behind one product summary row (POST /api/order/listOrderProducts), newest first. */
export function orderProductsSql(f: ReportFilter, customerId: number, productId: number, page: Page): ReportStatements {
  const lines = matchingLines(f, customerId, [sql`op.product_id = ${productId}`]);
  const rows = sql`select l.id as order_product_id, l.order_id, ${isoTime("l.created")} as created,
      st.name as order_status_name, ${userName} as user_name, d.name as department_name,
      l.qty::int as quantity, l.cancelled_quantity, l.unit_price_cents as unit_price, l.price::float8 as total_price
    from (${matchingLines(f, customerId, [sql`op.product_id = ${productId}`], "any")} order by o.created desc, op.id desc
          limit ${page.limit} offset ${page.offset}) l
    join users u on u.id = l.user_id
    join order_statuses st on st.id = l.order_status_id
    left join departments d on d.id = l.department_id
    order by l.created desc, l.id desc`;
  const totals = sql`select count(*)::int as found_rows, coalesce(sum(l.qty), 0)::int as quantity,
      coalesce(sum(l.price), 0)::float8 as total_price from (${lines}) l`;
  return { rows, totals };
}

interface DateRange {
  date_from: string;
  date_to: string;
}

/** One product's ledger rows in the period (POST /api/report/inventoryDetails), newest first. */
export function inventoryDetailsSql(range: DateRange, productId: number, page: Page): ReportStatements {
  const where = sql`t.product_id = ${productId} and t.created >= ${dayStart(range.date_from)} and t.created < ${dayEnd(range.date_to)}`;
  const rows = sql`select t.id, t.action, t.quantity, t.ending_inventory, t.palettes, t.order_id, t.comment,
      ${isoTime("t.created")} as date
    from inventory_transactions t where ${where}
    order by t.created desc, t.id desc limit ${page.limit} offset ${page.offset}`;
  const totals = sql`select count(*)::int as found_rows from inventory_transactions t where ${where}`;
  return { rows, totals };
}

export interface InventoryReportFilter {
  date_to: string;
  status: "ACTIVE" | "INACTIVE" | "BOTH";
  product_category_id: number[];
  customer_sku: boolean;
  id?: number | undefined;
}

/** Products of the inventory tab: in inventory, of the chosen status and categories. */
function inventoryProducts(f: InventoryReportFilter, customerId: number): SQL {
  const where = [sql`p.customer_id = ${customerId}`, sql`p.is_in_inventory`];
  if (f.status === "ACTIVE") where.push(sql`p.is_active`);
  if (f.status === "INACTIVE") where.push(sql`not p.is_active`);
  if (f.product_category_id.length)
    where.push(sql`p.product_category_id in (${join(f.product_category_id.map((id) => sql`${id}`))})`);
  if (f.id) where.push(sql`p.id = ${f.id}`);
  const end = dayEnd(f.date_to);
  return sql`select p.id as product_id, c.name as category_name, p.name as product_name, p.customer_sku,
      coalesce(b.ending_inventory, 0) as quantity, fl.palettes, p.is_active,
      fl.created as last_fill, so.created as last_sold,
      coalesce(pr.price_cents, 0) as unit_price,
      (coalesce(b.ending_inventory, 0)::float8 * coalesce(pr.price_cents, 0)) as value,
      p.low_inventory_amount
    from products p
    join product_categories c on c.id = p.product_category_id
    left join lateral (select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ${end} order by t.created desc, t.id desc limit 1) b on true
    left join lateral (select t.palettes, t.created from inventory_transactions t
      where t.product_id = p.id and t.action = 'replenish' and t.created < ${end} order by t.created desc, t.id desc limit 1) fl on true
    left join lateral (select t.created from inventory_transactions t
      where t.product_id = p.id and t.action = 'sale' and t.created < ${end} order by t.created desc, t.id desc limit 1) so on true
    left join lateral (select r.price_cents from product_price_ranges r
      where r.product_id = p.id order by r.min_quantity limit 1) pr on true
    where ${and(where)}`;
}

const INVENTORY_ORDER = "category_name, product_name, product_id";

/** The inventory tab's rows (POST /api/report/inventoryFrontEnd), by category and name. */
export function inventoryReportSql(f: InventoryReportFilter, customerId: number, page: Page): SQL {
  return sql`select i.product_id, i.category_name, i.product_name, i.customer_sku, i.quantity, i.palettes, i.is_active,
      ${isoTime("i.last_fill")} as last_fill_date, ${isoTime("i.last_sold")} as last_sold_date,
      i.unit_price, i.value, i.low_inventory_amount
    from (${inventoryProducts(f, customerId)}) i
    order by ${sql.raw(INVENTORY_ORDER)} limit ${page.limit} offset ${page.offset}`;
}

/** Fills and sales per product and month, for the twelve months ending with date_to's month. */
export function inventoryMonthsSql(dateTo: string, productIds: number[]): SQL {
  const first = sql`((date_trunc('month', ${dateTo}::date) - interval '11 months')::timestamp at time zone ${PORTAL_TIME_ZONE})`;
  return sql`select t.product_id, to_char(t.created at time zone ${PORTAL_TIME_ZONE}, 'YYYY-MM') as month,
      coalesce(sum(t.quantity) filter (where t.action = 'replenish'), 0)::int as fill,
      coalesce(-sum(t.quantity) filter (where t.action = 'sale'), 0)::int as sales
    from inventory_transactions t
    where t.product_id in (${join(productIds.map((id) => sql`${id}`))})
      and t.created >= ${first} and t.created < ${dayEnd(dateTo)}
    group by 1, 2`;
}

/** The twelve months (YYYY-MM) ending with the given day's month, oldest first. */
export function monthsEndingWith(day: string): string[] {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The inventory tab's CSV. */
export function inventoryExportSql(f: InventoryReportFilter, customerId: number): SQL {
  return sql`select ${select([
    column("Product ID", sql.raw("i.product_id")),
    column("Category", safe("i.category_name")),
    column("Product", safe("i.product_name")),
    ...(f.customer_sku ? [column("SKU", safe("i.customer_sku"))] : []),
    column("Quantity", sql.raw("i.quantity")),
    column("Pallets", sql.raw("i.palettes")),
    column("Active", sql.raw("case when i.is_active then 'Yes' else 'No' end")),
    column("Last Fill Date", localDateTime("i.last_fill")),
    column("Last Sold Date", localDateTime("i.last_sold")),
    column("Unit Price", dollars("i.unit_price")),
    column("Value", dollars("i.value")),
    column("Low Inventory Amount", sql.raw("i.low_inventory_amount")),
  ])} from (${inventoryProducts(f, customerId)}) i order by ${sql.raw(INVENTORY_ORDER)}`;
}

export const inventoryExportFileName = (f: InventoryReportFilter) => `inventory_report_${f.date_to}.csv`;
