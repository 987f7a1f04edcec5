import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";
import { queryRows } from "./helpers.ts";

/** Every rollup row next to the same figures computed from scratch from the raw rows. */
export async function rollupsAgainstRawRows(db: Database) {
  const productDays = await queryRows(
    db,
    sql`select customer_id, day::text, product_id, lines, quantity::int8, total_price::int8, shipping_cost::int8,
        tax_amount::int8, pick_fee::int8
      from report_product_days order by 1, 2, 3`,
  );
  const productRaw = await queryRows(
    db,
    sql`select o.customer_id, (o.created at time zone 'America/Los_Angeles')::date::text as day, op.product_id,
        count(*)::int as lines,
        sum(op.quantity - op.cancelled_quantity)::int8 as quantity,
        sum(op.unit_price_cents * (op.quantity - op.cancelled_quantity))::int8 as total_price,
        sum((case when o.total_items_amount > 0
          then (o.shipping_amount::int8 * op.unit_price_cents * (op.quantity - op.cancelled_quantity) * 2 + o.total_items_amount)
            / (2 * o.total_items_amount) else 0 end)::int4)::int8 as shipping_cost,
        sum((case when o.total_items_amount + o.pick_fee_amount > 0
          then (o.tax_amount::int8 * (op.unit_price_cents + op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) * 2
            + (o.total_items_amount + o.pick_fee_amount)) / (2 * (o.total_items_amount + o.pick_fee_amount)) else 0 end)::int4)::int8 as tax_amount,
        sum((op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity))::int8 as pick_fee
      from orders o join order_products op on op.order_id = o.id
      where op.quantity > op.cancelled_quantity and not o.is_destroy
      group by 1, 2, 3 order by 1, 2, 3`,
  );
  const inventoryDays = await queryRows(
    db,
    sql`select product_id, day::text, replenished, removed, sold, canceled from report_inventory_days order by 1, 2`,
  );
  const inventoryRaw = await queryRows(
    db,
    sql`select t.product_id, (t.created at time zone 'America/Los_Angeles')::date::text as day,
        coalesce(sum(t.quantity) filter (where t.action = 'replenish' or (t.action = 'adjust' and t.quantity > 0)), 0)::int as replenished,
        coalesce(-sum(t.quantity) filter (where t.action = 'destroy' or (t.action = 'adjust' and t.quantity < 0)), 0)::int as removed,
        coalesce(-sum(t.quantity) filter (where t.action = 'sale'), 0)::int as sold,
        coalesce(sum(t.quantity) filter (where t.action = 'cancel'), 0)::int as canceled
      from inventory_transactions t group by 1, 2 order by 1, 2`,
  );
  return { productDays, productRaw, inventoryDays, inventoryRaw };
}
