import { ORDER_STATUS } from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox, inventory_transactions, orders, shipments } from "../src/db/schema/index.ts";
import { bearer, createTestApp, signInAdmin, signInPractice } from "./helpers.ts";
import { approvedProof, insertProduct, orderBody } from "./support/fixtures.ts";

/**
 * Order desk races that only a real server can show (PGlite runs one transaction at a time): two
 * staff shipping or cancelling one order at once, a practice cancelling while staff ship, the same
 * carrier file applied twice at once. Exactly one wins; the other gets a clear 409 (or its rows
 * refused), and nothing is shipped, restocked or emailed twice.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let practice: string;
let admins: string[];
beforeAll(async () => {
  t = await createTestApp();
  practice = (await signInPractice(t.app)).access_token;
  // Two staff sessions, as two people at two desks.
  admins = [(await signInAdmin(t.app)).access_token, (await signInAdmin(t.app)).access_token];
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });
const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });

const PRODUCT = 960_001;
beforeAll(async () => {
  await insertProduct(
    t.db,
    {
      id: PRODUCT,
      name: `Race Desk Brochure ${PRODUCT}`,
      max_quantity: 10,
      actual_inventory: 1000,
    },
    [[1, null, 500]],
  );
});

async function placeOrder(): Promise<number> {
  const res = await post("/api/order/add", orderBody([{ id: PRODUCT, quantity: 2 }]), practice);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const ship = (orderId: number, token: string, tracking: string) =>
  post(
    "/api/fulfilment/ship",
    { order_id: orderId, shipped_on: today(), packages: [{ carrier: "UPS", tracking_number: tracking }] },
    token,
  );
const count = async (query: Promise<unknown[]>) => (await query).length;
const cancelRows = (orderId: number) =>
  t.db
    .select()
    .from(inventory_transactions)
    .where(sql`${inventory_transactions.order_id} = ${orderId} and ${inventory_transactions.action} = 'cancel'`);
const statusOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.order_status_id;

describe("order desk races on PostgreSQL", () => {
  it("two staff shipping one order at once: one ships it, the other gets 409", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await placeOrder();
      const answers = await Promise.all([
        ship(id, admins[0] as string, `1Z999AA1000000${round}1`),
        ship(id, admins[1] as string, `1Z999AA1000000${round}2`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409);
      expect(refused?.json().error.message).toContain("already shipped");
      expect(await count(t.db.select().from(shipments).where(eq(shipments.order_id, id)))).toBe(1);
      expect(
        await count(
          t.db
            .select()
            .from(email_outbox)
            .where(sql`${email_outbox.kind} = 'order_shipped' and ${email_outbox.subject} like ${`%#${id} %`}`),
        ),
      ).toBe(1);
    }
  });

  it("staff shipping while another cancels: exactly one wins, nothing restocked for a shipped order", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await placeOrder();
      const [shipped, cancelled] = await Promise.all([
        ship(id, admins[0] as string, `1Z999AA1000001${round}1`),
        post("/api/fulfilment/cancel", { order_id: id }, admins[1] as string),
      ]);
      expect([shipped.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const status = await statusOf(id);
      if (shipped.statusCode === 200) {
        expect(status).toBe(ORDER_STATUS.SHIPPED);
        expect(await count(cancelRows(id))).toBe(0);
      } else {
        expect(status).toBe(ORDER_STATUS.CANCELLED);
        expect(await count(cancelRows(id))).toBe(1);
        expect(await count(t.db.select().from(shipments).where(eq(shipments.order_id, id)))).toBe(0);
      }
    }
  });

  it("a practice cancelling while staff ship: exactly one wins, the other gets 409", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await placeOrder();
      const [shipped, cancelled] = await Promise.all([
        ship(id, admins[0] as string, `1Z999AA1000002${round}1`),
        post("/api/order/cancel", { order_id: id }, practice),
      ]);
      expect([shipped.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const loser = shipped.statusCode === 409 ? shipped : cancelled;
      expect(loser.json().error.message).toMatch(/shipped|cancelled/);
      expect(await count(cancelRows(id))).toBe((await statusOf(id)) === ORDER_STATUS.CANCELLED ? 1 : 0);
    }
  });

  it("two staff cancelling the same packs at once: restocked once", async () => {
    const id = await placeOrder();
    const [line] = await t.db
      .execute(sql`select id from order_products where order_id = ${id}`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const body = { order_id: id, lines: [{ order_product_id: line?.id, quantity: 2 }] };
    const answers = await Promise.all(admins.map((token) => post("/api/fulfilment/cancel", body, token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count(cancelRows(id))).toBe(1);
    expect(await statusOf(id)).toBe(ORDER_STATUS.CANCELLED);
  });

  it("the same carrier file applied twice at once ships each order once", async () => {
    const ids = [await placeOrder(), await placeOrder(), await placeOrder()];
    const csv = [
      "order_id,tracking_number,carrier,ship_date",
      ...ids.map((id, i) => `${id},1Z999AA100000090${i},UPS,${today()}`),
    ].join("\n");
    const answers = await Promise.all(admins.map((token) => post("/api/fulfilment/importApply", { csv }, token)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const shippedBy = answers.map((r) => r.json().data.shipped_orders as number[]);
    expect([...(shippedBy[0] ?? []), ...(shippedBy[1] ?? [])].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await statusOf(id)).toBe(ORDER_STATUS.SHIPPED);
      expect(await count(t.db.select().from(shipments).where(eq(shipments.order_id, id)))).toBe(1);
    }
  });
});

/** Issue 24 §4–§5 (decision 045): production moves and split shipments of one line, raced on a real server. */
describe("production and split shipment races on PostgreSQL", () => {
  const PRINTED = 960_002;
  beforeAll(async () => {
    await insertProduct(
      t.db,
      {
        id: PRINTED,
        name: `Race Printed Brochure ${PRINTED}`,
        max_quantity: 10,
        is_customizable: true,
        is_in_inventory: false,
      } as never,
      [[1, null, 900]],
    );
    await approvedProof(t, practice, PRINTED);
  });

  it("two staff moving one line at once: exactly one moves it, the other gets 409", async () => {
    for (let round = 0; round < 5; round++) {
      const res = await post("/api/order/add", orderBody([{ id: PRINTED, quantity: 1 }]), practice);
      const id = res.json().data as number;
      const desk = await post("/api/fulfilment/query", { id }, admins[0] as string);
      const line = desk.json().data.lines[0].id as number;
      const body = { order_id: id, order_product_ids: [line], production_status_id: ORDER_STATUS.PRINTING };
      const answers = await Promise.all(admins.map((a) => post("/api/fulfilment/lines/move", body, a)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it("two shipments of the same line's packs at once: one ships them, never more than were ordered", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await placeOrder();
      const desk = await post("/api/fulfilment/query", { id }, admins[0] as string);
      const line = desk.json().data.lines[0].id as number;
      const answers = await Promise.all(
        admins.map((a, i) =>
          post(
            "/api/fulfilment/ship",
            {
              order_id: id,
              shipped_on: today(),
              packages: [{ carrier: "UPS", tracking_number: `1Z999AA1200000${round}${i}` }],
              lines: [{ order_product_id: line, quantity: 2 }],
            },
            a,
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await count(t.db.select().from(shipments).where(eq(shipments.order_id, id)))).toBe(1);
    }
  });
});
