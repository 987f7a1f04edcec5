import { hash } from "@node-rs/argon2";
import {
  clampQuantity,
  ORDER_STATUS,
  orderAmounts,
  PAYMENT_METHOD,
  portalDay,
  priceLine,
  USER_LEVEL,
} from "@vetportal/contract";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../client.ts";
import * as t from "../schema/index.ts";
import { DEMO_CATEGORIES } from "./demo-catalog.ts";
import { DEMO_COST_CENTERS, DEMO_DEPARTMENTS, DEMO_PRACTICES } from "./demo-people.ts";

export const DEMO_ADMIN = { email: "admin@vetportal.example", password: "VetPortal2026" } as const;

export interface SeedOptions {
  customerId: number;
  /** Months of order history to generate (at least 12 so reports have a year of data). */
  months?: number;
  /** "Now" for the generated history; defaults to the current time. */
  now?: Date;
  /** Random seed, so the same options always give the same data. */
  seed?: number;
}

/** Small deterministic PRNG (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");
const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function insertChunked<T extends Record<string, unknown>>(db: Executor, table: PgTable, rows: T[], size = 500) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table as never).values(rows.slice(i, i + size) as never);
  }
}

/**
 * Loads the demo data set on an empty database, in one transaction. Does nothing when the
 * customer already has users, so it is safe to call on every start. The reference rows (order
 * statuses, user levels, delivery methods, customer 1850 and its delivery methods) come from the
 * migrations (0017, decision 029); the seed writes only demo data.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<{ seeded: boolean; orders: number }> {
  const existing = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.customer_id, options.customerId))
    .limit(1);
  if (existing.length) return { seeded: false, orders: 0 };
  const adminHash = await hash(DEMO_ADMIN.password);
  let orderCount = 0;
  await db.transaction(async (tx) => {
    orderCount = await seedInto(tx, options, adminHash);
  });
  return { seeded: true, orders: orderCount };
}

async function seedInto(db: Executor, options: SeedOptions, adminHash: string): Promise<number> {
  const rnd = random(options.seed ?? 1850);
  const now = options.now ?? new Date();
  const months = Math.max(12, options.months ?? 14);
  const customerId = options.customerId;

  // Customer 1850 and its delivery methods come from the migrations; demo data for another
  // customer id gets that customer and the same list.
  await db
    .insert(t.customers)
    .values({ id: customerId, name: "Companion Animal Health Partners" })
    .onConflictDoNothing();
  const methods = await db.select().from(t.delivery_methods).orderBy(t.delivery_methods.id);
  const listed = await db
    .select({ id: t.customer_delivery_methods.delivery_method_id })
    .from(t.customer_delivery_methods)
    .where(eq(t.customer_delivery_methods.customer_id, customerId))
    .limit(1);
  if (!listed.length)
    await db
      .insert(t.customer_delivery_methods)
      .values(methods.map((m, i) => ({ customer_id: customerId, delivery_method_id: m.id, sort_order: i })));

  // Departments and cost centers.
  const departments = await db
    .insert(t.departments)
    .values(
      DEMO_DEPARTMENTS.map((d) => ({
        customer_id: customerId,
        name: d.name,
        department_code: d.code,
        billing_reports: d.code === "VSE" || d.code === "VSW",
        ups_number: `UPS-${d.code}-${1000 + d.name.length}`,
        fedex_number: d.code === "SMP" ? null : `FDX-${d.code}-77${d.name.length}`,
        ltl_freight: d.code === "CAM" ? "Estes account 55-1203" : null,
      })),
    )
    .returning({ id: t.departments.id, name: t.departments.name });
  const deptId = (name: string) => departments.find((d) => d.name === name)?.id as number;
  await db
    .insert(t.department_cc_emails)
    .values(DEMO_DEPARTMENTS.flatMap((d) => d.cc.map((email) => ({ department_id: deptId(d.name), email }))));
  const costCenters = await db
    .insert(t.cost_centers)
    .values(DEMO_COST_CENTERS.map((c) => ({ customer_id: customerId, name: c.name })))
    .returning({ id: t.cost_centers.id, name: t.cost_centers.name });
  const costCentersOf = new Map<number, number[]>();
  const ccLinks = DEMO_COST_CENTERS.flatMap((c) =>
    c.departments.map((d) => ({
      cost_center_id: costCenters.find((x) => x.name === c.name)?.id as number,
      department_id: deptId(d),
    })),
  );
  for (const l of ccLinks)
    costCentersOf.set(l.department_id, [...(costCentersOf.get(l.department_id) ?? []), l.cost_center_id]);
  await db.insert(t.cost_center_departments).values(ccLinks);

  // Staff: the administrator is inserted first so it gets id 1 (ADMIN_USER_ID's default).
  await db.insert(t.users).values([
    {
      customer_id: customerId,
      first_name: "Alex",
      last_name: "Morgan",
      email: DEMO_ADMIN.email,
      password_hash: adminHash,
      phone: "800-555-0100",
      title: "Portal Administrator",
      representation: "Vet Portal Operations",
      user_level_id: USER_LEVEL.ADMINISTRATOR,
      department_id: deptId("Practice Development"),
      is_approver: true,
    },
  ]);

  // Practices, each with its delivery address.
  const eastStates = new Set(["NY", "MA", "PA", "GA", "FL", "DC", "OH", "TN"]);
  const practices = [];
  for (const [i, p] of DEMO_PRACTICES.entries()) {
    const department =
      i % 9 === 8
        ? deptId("Shelter Medicine Program")
        : eastStates.has(p.state)
          ? deptId("Veterinary Sales East")
          : deptId("Veterinary Sales West");
    const [user] = await db
      .insert(t.users)
      .values({
        customer_id: customerId,
        first_name: p.contact[0],
        last_name: p.contact[1],
        // .test is reserved for examples and fits the 2–6 letter TLD rule of SPEC §5.
        email: `${slug(p.contact[0])}.${slug(p.contact[1])}@${slug(p.practice).slice(0, 24)}.test`,
        phone: `${rnd.int(201, 989)}-555-${String(rnd.int(100, 9999)).padStart(4, "0")}`,
        title: i % 3 === 0 ? "Practice Manager" : i % 3 === 1 ? "Office Manager" : "Veterinarian",
        representation: p.practice,
        user_level_id: i % 7 === 3 ? USER_LEVEL.MANAGER : USER_LEVEL.USER,
        department_id: department,
      })
      .returning();
    if (!user) throw new Error("practice not inserted");
    const [address] = await db
      .insert(t.addresses)
      .values({
        customer_id: customerId,
        belong_to: "user",
        owner_id: user.id,
        dropdown_name: "Practice",
        title: p.practice,
        company: p.practice,
        contact: `${p.contact[0]} ${p.contact[1]}`,
        line1: p.line1,
        city: p.city,
        state: p.state,
        zip_code: p.zip,
        country: 186,
        phone: user.phone,
        is_billing: true,
      })
      .returning();
    if (!address) throw new Error("address not inserted");
    practices.push({ user, address });
  }

  // Catalogue.
  await db.insert(t.product_categories).values(
    DEMO_CATEGORIES.map((c) => ({
      id: c.id,
      customer_id: customerId,
      name: c.name,
      subtitle: c.subtitle ?? null,
      sort_order: c.sort_order,
    })),
  );
  let nextId = 144100;
  const products: {
    id: number;
    name: string;
    inInventory: boolean;
    forbidsNegative: boolean;
    min: number;
    max: number;
    low: number;
    pickFee: number;
    ranges: { min_quantity: number; max_quantity: number | null; price_cents: number }[];
    popularity: number;
    categoryId: number;
  }[] = [];
  for (const c of DEMO_CATEGORIES) {
    for (const p of c.products) {
      const id = p.id ?? nextId++;
      const base = {
        Brochure: 3900,
        "Client Handout": 2900,
        Kit: 8900,
        Poster: 2400,
        "Reminder Card": 3400,
        Booklet: 5900,
        Display: 12900,
      }[p.kind];
      const price = base + rnd.int(0, 8) * 100;
      const inInventory = p.kind !== "Reminder Card"; // reminder cards are printed on demand
      products.push({
        id,
        name: p.name,
        inInventory,
        forbidsNegative: inInventory && !rnd.chance(0.15),
        min: p.kind === "Display" ? 1 : rnd.pick([1, 1, 2, 5]),
        max: p.kind === "Display" ? 5 : rnd.pick([20, 25, 50, 100]),
        low: inInventory ? rnd.pick([20, 30, 50, 80]) : 0,
        pickFee: inInventory ? rnd.pick([25, 35, 50]) : 0,
        ranges: [
          { min_quantity: 1, max_quantity: 9, price_cents: price },
          { min_quantity: 10, max_quantity: 24, price_cents: Math.round((price * 0.9) / 10) * 10 },
          { min_quantity: 25, max_quantity: null, price_cents: Math.round((price * 0.8) / 10) * 10 },
        ],
        popularity: rnd.next() * 2 + 0.2,
        categoryId: c.id,
      });
      await db.insert(t.products).values({
        id,
        customer_id: customerId,
        product_category_id: c.id,
        name: p.name,
        customer_sku: `VP-${String(c.id).slice(-3)}-${String(id).slice(-4)}`,
        quickbooks_type_id: p.qbType ?? 1,
        description_1: describe(p),
        additional_info: `${p.kind} · pack of ${p.pack}`,
        package_quantity: p.pack,
        min_quantity: products.at(-1)?.min,
        max_quantity: products.at(-1)?.max,
        is_in_inventory: inInventory,
        show_inventory: inInventory && rnd.chance(0.5),
        no_order_below_zero_inventory: products.at(-1)?.forbidsNegative,
        low_inventory_amount: products.at(-1)?.low,
        pick_fee_cents: products.at(-1)?.pickFee,
        cutoff_time: rnd.pick([1, 2, 2, 3]),
        image_url: `/media/products/${id}.svg`,
      });
    }
  }
  await insertChunked(
    db,
    t.product_price_ranges,
    products.flatMap((p) => p.ranges.map((r) => ({ product_id: p.id, ...r }))),
  );
  // Shelter-program material is visible to the shelter department only.
  const shelter = products.filter((p) => p.name.includes("Stress-Free Cat Carrier"));
  if (shelter.length)
    await db
      .insert(t.product_departments)
      .values(shelter.map((p) => ({ product_id: p.id, department_id: deptId("Shelter Medicine Program") })));

  // Order history with a matching inventory ledger, simulated month by month.
  const start = new Date(now.getTime() - months * 30 * DAY);
  const balance = new Map(products.map((p) => [p.id, 0]));
  const ledger: (typeof t.inventory_transactions.$inferInsert)[] = [];
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
    ledger.push({
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
  const method = (id: number) => methods.find((m) => m.id === id) ?? methods[0];
  const orders: {
    row: typeof t.orders.$inferInsert;
    lines: (typeof t.order_products.$inferInsert)[];
    history: { status: number; at: Date }[];
  }[] = [];
  const inInventory = products.filter((p) => p.inInventory);

  for (let m = 0; m <= months; m++) {
    const monthStart = new Date(start.getTime() + m * 30 * DAY);
    if (monthStart > now) break;
    for (const p of inInventory) {
      const current = balance.get(p.id) ?? 0;
      const target = Math.round(p.low * 6 + 200 * p.popularity);
      // A few products are deliberately left low in the last month so the low-stock view has data.
      const skip = m === months && p.id % 11 === 0;
      if (current < p.low * 3 && !skip) {
        move(
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
    const monthOrders: { at: Date; practice: (typeof practices)[number] }[] = [];
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
    for (const { at, practice } of monthOrders) {
      const wanted = new Map<number, number>();
      for (let i = rnd.int(1, 4); i > 0; i--) {
        const p = rnd.pick(products);
        wanted.set(
          p.id,
          clampQuantity(Math.round(rnd.int(1, 12) * p.popularity), { min_quantity: p.min, max_quantity: p.max }),
        );
      }
      const lines = [];
      for (const [productId, qty] of wanted) {
        const p = products.find((x) => x.id === productId);
        if (!p) continue;
        if (p.inInventory && p.forbidsNegative && (balance.get(p.id) ?? 0) < qty) continue;
        lines.push({ p, priced: priceLine(p.ranges, p.pickFee, qty) });
      }
      if (!lines.length) continue;
      const deliveryId = rnd.chance(0.85) ? 1 : rnd.pick([2, 3, 4, 5]);
      const ageDays = (now.getTime() - at.getTime()) / DAY;
      const cancelled = rnd.chance(0.04);
      const partial = !cancelled && lines.length > 1 && rnd.chance(0.05);
      const status = cancelled
        ? ORDER_STATUS.CANCELLED
        : ageDays > 3
          ? ORDER_STATUS.SHIPPED
          : rnd.chance(0.15)
            ? rnd.pick([18, 19])
            : ORDER_STATUS.ACTIVE;
      const index = orders.length;
      const kept = lines.map((l, i) => ({
        ...l,
        cancelled: cancelled || (partial && i === 0) ? l.priced.quantity : 0,
      }));
      const amounts = orderAmounts(
        kept.filter((l) => l.cancelled === 0).map((l) => l.priced),
        // A cancelled order invoices nothing, shipping included.
        cancelled ? 0 : (method(deliveryId)?.shipping_cents ?? 0),
      );
      const shipped = status === ORDER_STATUS.SHIPPED ? new Date(at.getTime() + rnd.int(1, 2) * DAY) : null;
      const user = practice.user;
      const cc = costCentersOf.get(user.department_id ?? 0) ?? [];
      orders.push({
        row: {
          customer_id: customerId,
          user_id: user.id,
          department_id: user.department_id,
          cost_center_id: cc.length ? rnd.pick(cc) : null,
          order_status_id: status,
          order_type_id: rnd.chance(0.9) ? 1 : 2,
          payment_method_id: PAYMENT_METHOD.ON_INVOICE,
          delivery_method_id: deliveryId,
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
        },
        lines: kept.map((l) => ({
          order_id: 0,
          product_id: l.p.id,
          product_name: l.p.name,
          quantity: l.priced.quantity,
          cancelled_quantity: l.cancelled,
          unit_price_cents: l.priced.unit_price_cents,
          total_price_cents: l.priced.total_price_cents,
          pick_fee_cents: l.priced.pick_fee_cents,
          estimated_ship_date: isoDate(new Date(at.getTime() + DAY)),
          estimated_delivery_date: isoDate(
            new Date(at.getTime() + (1 + (method(deliveryId)?.max_business_days ?? 5)) * DAY),
          ),
          tracking_number: shipped ? `1Z${rnd.int(100000, 999999)}${rnd.int(1000000, 9999999)}` : null,
          // A back-ordered demo order's lines are expected two weeks after it was placed (issue 11).
          backorder_expected_date:
            status === ORDER_STATUS.BACK_ORDERED ? isoDate(new Date(at.getTime() + 14 * DAY)) : null,
          created: at,
          updated: at,
        })),
        history: [
          { status: ORDER_STATUS.ACTIVE, at },
          ...(shipped ? [{ status: ORDER_STATUS.SHIPPED, at: shipped }] : []),
          ...(cancelled ? [{ status: ORDER_STATUS.CANCELLED, at: new Date(at.getTime() + HOUR) }] : []),
          ...(status === 18 || status === 19 ? [{ status, at: new Date(at.getTime() + 2 * HOUR) }] : []),
        ],
      });
      for (const l of kept) {
        if (!l.p.inInventory) continue;
        move(l.p.id, "sale", -l.priced.quantity, at, index);
        if (l.cancelled) move(l.p.id, "cancel", l.cancelled, new Date(at.getTime() + HOUR), index, "Order cancelled");
      }
    }
  }

  // Insert orders (ids are assigned by the database), then lines, history and ledger rows.
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
    ledger.map((row) => ({ ...row, order_id: row.order_id == null ? null : (orderIds[row.order_id] as number) })),
  );
  for (const p of inInventory) {
    await db
      .update(t.products)
      .set({ actual_inventory: balance.get(p.id) ?? 0 })
      .where(eq(t.products.id, p.id));
  }
  return orders.length;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function describe(p: { name: string; kind: string; pack: number }): string {
  const what = {
    Brochure: "A tri-fold client brochure",
    "Client Handout": "A one-page client handout",
    Kit: "A take-home kit",
    Poster: "An exam-room poster (18 x 24 in)",
    "Reminder Card": "A printed reminder postcard",
    Booklet: "A full-color booklet",
    Display: "A counter display",
  }[p.kind];
  return `${what}: "${p.name}". Written by veterinarians in plain language for pet owners. Sold in packs of ${p.pack}.`;
}
