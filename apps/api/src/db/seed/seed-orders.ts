import { clampQuantity, ORDER_STATUS, orderAmounts, PAYMENT_METHOD, portalDay, priceLine } from "@vetportal/contract";
import { eq } from "drizzle-orm";
import * as t from "../schema/index.ts";
import { insertChunked, type SeedContext } from "./context.ts";
import { DAY, HOUR, type Random } from "./random.ts";
import type { SeededProduct } from "./seed-catalog.ts";
import { DEMO_ADMIN, type SeededPractice } from "./seed-people.ts";

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

type DeliveryMethod = typeof t.delivery_methods.$inferSelect;
type PricedLine = { p: SeededProduct; priced: ReturnType<typeof priceLine> };
export type KeptLine = PricedLine & { cancelled: number };

/** A generated order: its row, lines and status history (the order id is set when it is inserted). */
export interface SeededOrder {
  row: typeof t.orders.$inferInsert;
  lines: (typeof t.order_products.$inferInsert)[];
  history: { status: number; at: Date }[];
}

/** What the order history is generated from. */
export interface HistoryInput {
  now: Date;
  months: number;
  methods: DeliveryMethod[];
  practices: SeededPractice[];
  products: SeededProduct[];
  costCentersOf: Map<number, number[]>;
  /**
   * Runs after the simulated history, before anything is written: may add orders (drawing from the
   * random sequence after every other draw of the history, so the history itself is unchanged).
   */
  addOrders?: (ctx: SeedContext, input: HistoryInput, ledger: Ledger, orders: SeededOrder[]) => void;
}

/** The inventory ledger, kept as the history is simulated: each product's balance and its rows. */
function createLedger(products: SeededProduct[]) {
  const balance = new Map(products.map((p) => [p.id, 0]));
  const rows: (typeof t.inventory_transactions.$inferInsert)[] = [];
  const move = (
    productId: number,
    action: "replenish" | "sale" | "cancel",
    qty: number,
    at: Date,
    orderIndex?: number,
    comment?: string,
  ) => {
    const ending = (balance.get(productId) ?? 0) + qty;
    balance.set(productId, ending);
    rows.push({
      product_id: productId,
      action,
      quantity: qty,
      ending_inventory: ending,
      palettes: action === "replenish" ? Math.max(1, Math.round(qty / 400)) : null,
      order_id: orderIndex as number | undefined, // replaced with the real id after orders are inserted
      comment: comment ?? null,
      created: at,
      updated: at,
    });
  };
  return { balance, rows, move };
}

export type Ledger = ReturnType<typeof createLedger>;

/** The month's fills: stock below three times its low mark is brought back up. */
function restock(ledger: Ledger, inInventory: SeededProduct[], m: number, input: HistoryInput, monthStart: Date) {
  const { months, now } = input;
  for (const p of inInventory) {
    const current = ledger.balance.get(p.id) ?? 0;
    const target = Math.round(p.low * 6 + 200 * p.popularity);
    // A few products are deliberately left low in the last month so the low-stock view has data.
    const skip = m === months && p.id % 11 === 0;
    if (current < p.low * 3 && !skip) {
      ledger.move(
        p.id,
        "replenish",
        target - current,
        // Never in the future: the last month's fill may fall after "now".
        new Date(Math.min(monthStart.getTime() + 8 * HOUR, now.getTime() - HOUR)),
        undefined,
        m === 0 ? "Opening stock" : "Monthly replenishment",
      );
    }
  }
}

/** When each practice orders in the month (none after "now"), in time order. */
function ordersOfMonth(rnd: Random, practices: SeededPractice[], monthStart: Date, now: Date) {
  const monthOrders: { at: Date; practice: SeededPractice }[] = [];
  for (const practice of practices) {
    const count = rnd.int(0, 4);
    for (let i = 0; i < count; i++) {
      const at = new Date(
        monthStart.getTime() + rnd.int(0, 29) * DAY + rnd.int(14, 23) * HOUR + rnd.int(0, 59) * 60_000,
      );
      if (at < now) monthOrders.push({ at, practice });
    }
  }
  monthOrders.sort((a, b) => a.at.getTime() - b.at.getTime());
  return monthOrders;
}

/** One to four products at clamped quantities, priced; lines stock cannot cover are dropped. */
function pickLines(rnd: Random, products: SeededProduct[], balance: Map<number, number>) {
  const wanted = new Map<number, number>();
  for (let i = rnd.int(1, 4); i > 0; i--) {
    const p = rnd.pick(products);
    wanted.set(
      p.id,
      clampQuantity(Math.round(rnd.int(1, 12) * p.popularity), { min_quantity: p.min, max_quantity: p.max }),
    );
  }
  const lines: PricedLine[] = [];
  for (const [productId, qty] of wanted) {
    const p = products.find((x) => x.id === productId);
    if (!p) continue;
    if (p.inInventory && p.forbidsNegative && (balance.get(p.id) ?? 0) < qty) continue;
    lines.push({ p, priced: priceLine(p.ranges, p.pickFee, qty) });
  }
  return lines;
}

/** The order row of a generated order (its draws, in order: cost center, type, PO, instruction, tracking). */
export function orderRow(
  { rnd, customerId }: SeedContext,
  o: { at: Date; practice: SeededPractice; status: number; deliveryId: number; shipped: Date | null },
  amounts: ReturnType<typeof orderAmounts>,
  costCentersOf: Map<number, number[]>,
): typeof t.orders.$inferInsert {
  const { at, practice, shipped } = o;
  const user = practice.user;
  const cc = costCentersOf.get(user.department_id ?? 0) ?? [];
  return {
    customer_id: customerId,
    user_id: user.id,
    department_id: user.department_id,
    cost_center_id: cc.length ? rnd.pick(cc) : null,
    order_status_id: o.status,
    order_type_id: rnd.chance(0.9) ? 1 : 2,
    payment_method_id: PAYMENT_METHOD.ON_INVOICE,
    delivery_method_id: o.deliveryId,
    po_number: rnd.chance(0.4) ? `PO-${rnd.int(10000, 99999)}` : null,
    contact_name: `${user.first_name} ${user.last_name}`,
    contact_phone: user.phone ?? "800-555-0100",
    email: user.email ?? DEMO_ADMIN.email,
    shipping_instruction: rnd.chance(0.2)
      ? rnd.pick([
          "Deliver to the back door",
          "Front desk, ask for the practice manager",
          "Closed 12-1pm for lunch",
          "For our wellness month display",
        ])
      : null,
    shipping_address_id: practice.address.id,
    ship_name: practice.address.company ?? practice.address.title ?? "",
    ship_line1: practice.address.line1,
    ship_city: practice.address.city,
    ship_state: practice.address.state,
    ship_zip_code: practice.address.zip_code,
    ...amounts,
    date_shipped: shipped,
    tracking_number: shipped ? `1Z${rnd.int(100000, 999999)}${rnd.int(1000000, 9999999)}` : null,
    created: at,
    updated: shipped ?? at,
  };
}

/** The order_products rows of a generated order. */
export function orderLines(
  rnd: Random,
  o: { at: Date; status: number; shipped: Date | null; maxBusinessDays: number },
  kept: KeptLine[],
) {
  const { at, shipped } = o;
  return kept.map((l) => ({
    order_id: 0,
    product_id: l.p.id,
    product_name: l.p.name,
    quantity: l.priced.quantity,
    cancelled_quantity: l.cancelled,
    unit_price_cents: l.priced.unit_price_cents,
    total_price_cents: l.priced.total_price_cents,
    pick_fee_cents: l.priced.pick_fee_cents,
    estimated_ship_date: isoDate(new Date(at.getTime() + DAY)),
    estimated_delivery_date: isoDate(new Date(at.getTime() + (1 + o.maxBusinessDays) * DAY)),
    tracking_number: shipped ? `1Z${rnd.int(100000, 999999)}${rnd.int(1000000, 9999999)}` : null,
    // A back-ordered demo order's lines are expected two weeks after it was placed (issue 11).
    backorder_expected_date: o.status === ORDER_STATUS.BACK_ORDERED ? isoDate(new Date(at.getTime() + 14 * DAY)) : null,
    created: at,
    updated: at,
  }));
}

/**
 * One generated order of a practice at `at`, or undefined when none of its lines could be filled:
 * its status by age (a few cancelled, partly cancelled or held), amounts, lines and history. Its
 * sales (and cancellations) go into the ledger.
 */
function generateOrder(
  ctx: SeedContext,
  input: HistoryInput,
  ledger: Ledger,
  { at, practice, index }: { at: Date; practice: SeededPractice; index: number },
): SeededOrder | undefined {
  const { rnd } = ctx;
  const method = (id: number) => input.methods.find((m) => m.id === id) ?? input.methods[0];
  const lines = pickLines(rnd, input.products, ledger.balance);
  if (!lines.length) return undefined;
  const deliveryId = rnd.chance(0.85) ? 1 : rnd.pick([2, 3, 4, 5]);
  const ageDays = (input.now.getTime() - at.getTime()) / DAY;
  const cancelled = rnd.chance(0.04);
  const partial = !cancelled && lines.length > 1 && rnd.chance(0.05);
  const status = cancelled
    ? ORDER_STATUS.CANCELLED
    : ageDays > 3
      ? ORDER_STATUS.SHIPPED
      : rnd.chance(0.15)
        ? rnd.pick([18, 19])
        : ORDER_STATUS.ACTIVE;
  const kept = lines.map((l, i) => ({ ...l, cancelled: cancelled || (partial && i === 0) ? l.priced.quantity : 0 }));
  const amounts = orderAmounts(
    kept.filter((l) => l.cancelled === 0).map((l) => l.priced),
    // A cancelled order invoices nothing, shipping included.
    cancelled ? 0 : (method(deliveryId)?.shipping_cents ?? 0),
  );
  const shipped = status === ORDER_STATUS.SHIPPED ? new Date(at.getTime() + rnd.int(1, 2) * DAY) : null;
  const order: SeededOrder = {
    row: orderRow(ctx, { at, practice, status, deliveryId, shipped }, amounts, input.costCentersOf),
    lines: orderLines(rnd, { at, status, shipped, maxBusinessDays: method(deliveryId)?.max_business_days ?? 5 }, kept),
    history: [
      { status: ORDER_STATUS.ACTIVE, at },
      ...(shipped ? [{ status: ORDER_STATUS.SHIPPED, at: shipped }] : []),
      ...(cancelled ? [{ status: ORDER_STATUS.CANCELLED, at: new Date(at.getTime() + HOUR) }] : []),
      ...(status === 18 || status === 19 ? [{ status, at: new Date(at.getTime() + 2 * HOUR) }] : []),
    ],
  };
  for (const l of kept) {
    if (!l.p.inInventory) continue;
    ledger.move(l.p.id, "sale", -l.priced.quantity, at, index);
    if (l.cancelled)
      ledger.move(l.p.id, "cancel", l.cancelled, new Date(at.getTime() + HOUR), index, "Order cancelled");
  }
  return order;
}

/** Inserts the orders (ids are assigned by the database), then their lines, history, packages and ledger rows. */
async function insertHistory({ db }: SeedContext, orders: SeededOrder[], ledger: Ledger, inInventory: SeededProduct[]) {
  const orderIds: number[] = [];
  for (let i = 0; i < orders.length; i += 400) {
    const ids = await db
      .insert(t.orders)
      .values(orders.slice(i, i + 400).map((o) => o.row))
      .returning({ id: t.orders.id });
    orderIds.push(...ids.map((r) => r.id));
  }
  await insertChunked(
    db,
    t.order_products,
    orders.flatMap((o, i) => o.lines.map((l) => ({ ...l, order_id: orderIds[i] as number }))),
  );
  await insertChunked(
    db,
    t.order_status_history,
    orders.flatMap((o, i) =>
      o.history.map((h) => ({
        order_id: orderIds[i] as number,
        order_status_id: h.status,
        // The warehouse shipped it, not the practice.
        user_id: h.status === ORDER_STATUS.SHIPPED ? null : o.row.user_id,
        created: h.at,
        updated: h.at,
      })),
    ),
  );
  // Shipped demo orders went by UPS in one package: the number the order carries (issue 11).
  await insertChunked(
    db,
    t.shipments,
    orders.flatMap((o, i) =>
      o.row.date_shipped && o.row.tracking_number
        ? [
            {
              order_id: orderIds[i] as number,
              carrier: "UPS",
              tracking_number: o.row.tracking_number,
              shipped_on: portalDay(o.row.date_shipped as Date),
              created: o.row.date_shipped as Date,
              updated: o.row.date_shipped as Date,
            },
          ]
        : [],
    ),
  );
  await insertChunked(
    db,
    t.inventory_transactions,
    ledger.rows.map((row) => ({ ...row, order_id: row.order_id == null ? null : (orderIds[row.order_id] as number) })),
  );
  for (const p of inInventory) {
    await db
      .update(t.products)
      .set({ actual_inventory: ledger.balance.get(p.id) ?? 0 })
      .where(eq(t.products.id, p.id));
  }
}

/** Order history with a matching inventory ledger, simulated month by month. Returns the number of orders. */
export async function seedOrderHistory(ctx: SeedContext, input: HistoryInput): Promise<number> {
  const { now, months, products } = input;
  const start = new Date(now.getTime() - months * 30 * DAY);
  const ledger = createLedger(products);
  const orders: SeededOrder[] = [];
  const inInventory = products.filter((p) => p.inInventory);
  for (let m = 0; m <= months; m++) {
    const monthStart = new Date(start.getTime() + m * 30 * DAY);
    if (monthStart > now) break;
    restock(ledger, inInventory, m, input, monthStart);
    for (const { at, practice } of ordersOfMonth(ctx.rnd, input.practices, monthStart, now)) {
      const order = generateOrder(ctx, input, ledger, { at, practice, index: orders.length });
      if (order) orders.push(order);
    }
  }
  input.addOrders?.(ctx, input, ledger, orders);
  await insertHistory(ctx, orders, ledger, inInventory);
  return orders.length;
}
