import { ORDER_STATUS, orderAmounts, type PriceTier as PriceRange, priceLine } from "@vetportal/contract";
import type pg from "pg";

/**
 * Recomputes a sample of orders with the API's own pricing (pricing.ts) and checks the stored
 * amounts, and checks that the ledger's ending_inventory is the running balance of each product.
 */
export async function verifySample(client: pg.Client) {
  const { rows } = await client.query<{
    id: number;
    status: number;
    shipping: number;
    amounts: Record<string, number>;
    lines: {
      quantity: number;
      cancelled: number;
      unit: number;
      total: number;
      pick: number;
      pick_fee: number;
      ranges: PriceRange[];
    }[];
  }>(
    `select o.id, o.order_status_id as status, dm.shipping_cents as shipping,
            json_build_object('total_items_amount', o.total_items_amount, 'pick_fee_amount', o.pick_fee_amount,
              'shipping_amount', o.shipping_amount, 'processing_amount', o.processing_amount,
              'tax_amount', o.tax_amount, 'total_order_amount', o.total_order_amount) as amounts,
            (select json_agg(json_build_object('quantity', l.quantity, 'cancelled', l.cancelled_quantity,
                      'unit', l.unit_price_cents, 'total', l.total_price_cents, 'pick', l.pick_fee_cents,
                      'pick_fee', p.pick_fee_cents,
                      'ranges', (select json_agg(json_build_object('min_quantity', r.min_quantity,
                                   'max_quantity', r.max_quantity, 'price_cents', r.price_cents))
                                   from product_price_ranges r where r.product_id = l.product_id)))
               from order_products l join products p on p.id = l.product_id where l.order_id = o.id) as lines
       from orders o join delivery_methods dm on dm.id = o.delivery_method_id
      where o.id in (select (1 + floor(random() * (select max(id) from orders)))::int from generate_series(1, 400))`,
  );
  const zero = orderAmounts([], 0);
  let bad = 0;
  for (const o of rows) {
    const priced = o.lines.map((l) => ({ l, p: priceLine(l.ranges, l.pick_fee, l.quantity) }));
    const linesOk = priced.every(
      ({ l, p }) => p.unit_price_cents === l.unit && p.total_price_cents === l.total && p.pick_fee_cents === l.pick,
    );
    const kept = priced.filter(({ l }) => l.cancelled === 0).map(({ p }) => p);
    const expected = kept.length ? orderAmounts(kept, o.shipping) : zero;
    const amountsOk = Object.entries(expected).every(([k, v]) => o.amounts[k] === v);
    const cancelOk = (o.status === ORDER_STATUS.CANCELLED) === (kept.length === 0);
    if (!linesOk || !amountsOk || !cancelOk) {
      bad++;
      if (bad <= 3) console.error("  mismatch", JSON.stringify({ order: o.id, expected, stored: o.amounts }));
    }
  }
  const { rows: ledger } = await client.query<{ bad: number }>(
    `select count(*)::int as bad from (
       select ending_inventory, sum(quantity) over (partition by product_id order by created, id) as running
         from inventory_transactions) x
      where ending_inventory <> running`,
  );
  const ledgerBad = ledger[0]?.bad ?? 0;
  console.log(
    `  verified ${rows.length} sample orders against pricing.ts: ${bad} mismatches; ledger rows off the running balance: ${ledgerBad}`,
  );
  if (bad || ledgerBad) throw new Error("The generated data is inconsistent (see above).");
}
