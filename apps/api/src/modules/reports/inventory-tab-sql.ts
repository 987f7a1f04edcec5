import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { dayEnd } from "../../lib/portal-days.ts";
import { and, dollars, isoTime, join, localDateTime, type Page, safe } from "./report-sql-parts.ts";

/**
 * The inventory tab (POST /api/report/inventoryFrontEnd and its CSV): stock of every product as of
 * a day, with twelve months of fills and sales. Not a view of the order report: one table, one CSV.
 */

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

interface CsvColumn {
  header: string;
  value: SQL;
}
const column = (header: string, value: SQL): CsvColumn => ({ header, value });
const select = (columns: CsvColumn[]) => join(columns.map((c) => sql`${c.value} as ${sql.identifier(c.header)}`));

export const inventoryExportFileName = (f: InventoryReportFilter) => `inventory_report_${f.date_to}.csv`;
