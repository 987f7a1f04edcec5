import { ORDER_STATUS } from "@vetportal/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { approvedProof, orderBody, orderLinesOf, productMaker } from "../../../test/support/fixtures.ts";
import { audit_log, email_outbox, products } from "../../db/schema/index.ts";
import { releaseProofHold } from "../orders/line-shipping.repository.ts";

/**
 * Production at the desk (issue 24 §4, decision 045): personalised lines are made to order and move
 * through production line by line under the contract's LINE_TRANSITIONS; a proof sent back emails
 * the practice; of two staff moving one line at once exactly one wins.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const newProduct = productMaker(
  t,
  { id: 975_000, name: "Production Brochure" },
  { max_quantity: 20, actual_inventory: 100 },
  [[1, null, 1000]],
);
const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]?.actual_inventory;

/** A stocked product and a personalised one (no finished stock, three production days). */
async function products2(personalised: Record<string, unknown> = {}) {
  const stocked = await newProduct();
  const printed = await newProduct({
    is_customizable: true,
    is_in_inventory: false,
    actual_inventory: 0,
    production_days: 3,
    ...personalised,
  } as never);
  await approvedProof(t, t.practice, printed);
  return { stocked, printed };
}

async function placeOrder(items: { id: number; quantity: number }[]) {
  const res = await post("/api/order/add", orderBody(items), t.practice);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data as number;
  return { id, lines: await orderLinesOf(t.db, id) };
}

const move = (orderId: number, ids: number[], to: number, token = t.admin) =>
  post("/api/fulfilment/lines/move", { order_id: orderId, order_product_ids: ids, production_status_id: to }, token);

describe("made to order", () => {
  it("starts a personalised line at Pre Press without taking stock, and its blank's stock is taken instead", async () => {
    const blank = await newProduct();
    const { stocked, printed } = await products2({ blank_product_id: blank });
    const { lines } = await placeOrder([
      { id: stocked, quantity: 2 },
      { id: printed, quantity: 3 },
    ]);
    expect(lines.map((l) => l.production_status_id)).toEqual([null, ORDER_STATUS.PRE_PRESS]);
    expect(await stockOf(stocked)).toBe(98);
    expect(await stockOf(printed)).toBe(0);
    expect(await stockOf(blank)).toBe(97);
    // Its ship day adds the production days: three business days after the stocked line's.
    const [a, b] = lines.map((l) => new Date(`${l.estimated_ship_date}T12:00:00Z`).getTime());
    expect(((b as number) - (a as number)) / 86_400_000).toBeGreaterThanOrEqual(3);
  });
});

describe("moving lines through production", () => {
  it("moves lines one or many along the transition table, shows them on the desk, and audits each move", async () => {
    const { stocked, printed } = await products2();
    const other = await newProduct({ is_customizable: true, is_in_inventory: false } as never);
    await approvedProof(t, t.practice, other);
    const { id, lines } = await placeOrder([
      { id: stocked, quantity: 1 },
      { id: printed, quantity: 1 },
      { id: other, quantity: 1 },
    ]);
    const [s, p, o] = lines.map((l) => l.id) as [number, number, number];
    const res = await move(id, [p, o], ORDER_STATUS.PRINTING);
    expect(res.statusCode, res.body).toBe(200);
    const desk = res.json().data.lines as {
      id: number;
      production_status: number | null;
      production_moves: number[];
    }[];
    expect(desk.map((l) => [l.id, l.production_status])).toEqual([
      [s, null],
      [p, ORDER_STATUS.PRINTING],
      [o, ORDER_STATUS.PRINTING],
    ]);
    expect(desk[1]?.production_moves).toEqual([ORDER_STATUS.PRE_PRESS, ORDER_STATUS.IN_PRODUCTION]);
    // The order itself stays as it was.
    expect(res.json().data.order_status).toBe(ORDER_STATUS.ACTIVE);
    const audits = await t.db.select().from(audit_log).where(eq(audit_log.action, "move lines"));
    const mine = audits.filter((a) => a.record_id === id);
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine[0]?.after)).toContain("Pre Press → Printing");
  });

  it("refuses a stocked line (400), a skipped step or a move to where it is (409), all or none", async () => {
    const { stocked, printed } = await products2();
    const { id, lines } = await placeOrder([
      { id: stocked, quantity: 1 },
      { id: printed, quantity: 1 },
    ]);
    const [s, p] = lines.map((l) => l.id) as [number, number];
    expect((await move(id, [s], ORDER_STATUS.PRINTING)).statusCode).toBe(400);
    expect((await move(id, [p], ORDER_STATUS.IN_PRODUCTION)).statusCode).toBe(409);
    expect((await move(id, [p], ORDER_STATUS.PRE_PRESS)).statusCode).toBe(409);
    expect((await move(id, [p], ORDER_STATUS.PENDING_PROOF_APPROVAL)).statusCode).toBe(409);
    expect((await move(id, [999_999], ORDER_STATUS.PRINTING)).statusCode).toBe(400);
    expect((await move(id, [p, p], ORDER_STATUS.PRINTING)).statusCode).toBe(400);
    expect((await move(id, [p], 5)).statusCode).toBe(400);
    expect((await orderLinesOf(t.db, id)).map((l) => l.production_status_id)).toEqual([null, ORDER_STATUS.PRE_PRESS]);
    expect((await move(id, [p], ORDER_STATUS.PRINTING, t.practice)).statusCode).toBe(403);
  });

  it("lets exactly one of two staff moving one line at once win", async () => {
    const { printed } = await products2();
    const { id, lines } = await placeOrder([{ id: printed, quantity: 1 }]);
    const line = lines[0]?.id as number;
    const answers = await Promise.all([
      move(id, [line], ORDER_STATUS.PRINTING),
      move(id, [line], ORDER_STATUS.PRINTING),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await t.db.select().from(audit_log).where(eq(audit_log.record_id, id));
    expect(audits.filter((a) => a.action === "move lines")).toHaveLength(1);
  });
});

describe("sending a proof back", () => {
  it("puts the line in Pending Proof Approval, emails the practice the note, and releases it to Pre Press once", async () => {
    const { printed } = await products2();
    const { id, lines } = await placeOrder([{ id: printed, quantity: 2 }]);
    const line = lines[0]?.id as number;
    const res = await post("/api/fulfilment/lines/sendBack", {
      order_id: id,
      order_product_id: line,
      note: "Use the new logo, please",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lines[0].production_status).toBe(ORDER_STATUS.PENDING_PROOF_APPROVAL);
    const mails = (
      await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "proof_changes_requested"))
    ).filter((m) => m.subject.includes(`#${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Use the new logo, please");
    // Sent back twice: the second is refused, and so is a note left empty.
    const again = await post("/api/fulfilment/lines/sendBack", { order_id: id, order_product_id: line, note: "x" });
    expect(again.statusCode).toBe(409);
    const empty = await post("/api/fulfilment/lines/sendBack", { order_id: id, order_product_id: line, note: " " });
    expect(empty.statusCode).toBe(400);
    // The practice approves again (the proofs module calls fulfilment.releaseProofHold, which is this): Pre Press, once.
    const first = await t.db.transaction((tx) => releaseProofHold(tx, line));
    const second = await t.db.transaction((tx) => releaseProofHold(tx, line));
    expect(first?.order_id).toBe(id);
    expect(second).toBeUndefined();
    expect((await orderLinesOf(t.db, id))[0]?.production_status_id).toBe(ORDER_STATUS.PRE_PRESS);
  });
});

const ship = (orderId: number, tracking: string, lines?: { order_product_id: number; quantity: number }[]) =>
  post("/api/fulfilment/ship", {
    order_id: orderId,
    shipped_on: new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" }),
    packages: [{ carrier: "UPS", tracking_number: tracking }],
    ...(lines ? { lines } : {}),
  });

describe("shipments that split", () => {
  it("ships the stocked line now and the printed one when done; Shipped with the last line, an email each", async () => {
    const { stocked, printed } = await products2();
    const { id, lines } = await placeOrder([
      { id: stocked, quantity: 4 },
      { id: printed, quantity: 2 },
    ]);
    const [s, p] = lines.map((l) => l.id) as [number, number];
    // The whole-order ship takes what is ready: the stocked line alone, the printed one is in Pre Press.
    const first = await ship(id, "1Z999AA10000000001");
    expect(first.statusCode, first.body).toBe(200);
    let order = first.json().data;
    expect(order.order_status).toBe(ORDER_STATUS.ACTIVE);
    expect(order.line_progress.summary).toBe("1 of 2 lines shipped, 1 pre press");
    expect(order.shipment_groups).toEqual([
      expect.objectContaining({ lines: [{ order_product_id: s, product_name: expect.any(String), quantity: 4 }] }),
    ]);
    // The printed line cannot ship before it is printed; then it can, in packs.
    expect((await ship(id, "1Z999AA10000000002", [{ order_product_id: p, quantity: 1 }])).statusCode).toBe(409);
    expect((await move(id, [p], ORDER_STATUS.PRINTING)).statusCode).toBe(200);
    const part = await ship(id, "1Z999AA10000000003", [{ order_product_id: p, quantity: 1 }]);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.order_status).toBe(ORDER_STATUS.ACTIVE);
    expect(part.json().data.line_progress.summary).toBe("1 of 2 lines shipped, 1 printing");
    // More packs than are left, or a line shipped whole already: 409, nothing written.
    expect((await ship(id, "1Z999AA10000000004", [{ order_product_id: p, quantity: 2 }])).statusCode).toBe(409);
    expect((await ship(id, "1Z999AA10000000005", [{ order_product_id: s, quantity: 1 }])).statusCode).toBe(409);
    // The same tracking number again: 409, never a second package row.
    expect((await ship(id, "1Z999AA10000000003", [{ order_product_id: p, quantity: 1 }])).statusCode).toBe(409);
    const last = await ship(id, "1Z999AA10000000006", [{ order_product_id: p, quantity: 1 }]);
    expect(last.statusCode, last.body).toBe(200);
    order = last.json().data;
    expect(order.order_status).toBe(ORDER_STATUS.SHIPPED);
    expect(order.line_progress.summary).toBe("2 of 2 lines shipped");
    expect(order.shipment_groups).toHaveLength(3);
    expect(order.tracking_number).toBe("1Z999AA10000000001, 1Z999AA10000000003, 1Z999AA10000000006");
    const stored = await orderLinesOf(t.db, id);
    expect(stored.map((l) => [l.shipped_quantity, l.date_shipped !== null])).toEqual([
      [4, true],
      [2, true],
    ]);
    const mails = (await t.db.select().from(email_outbox)).filter((m) => m.subject.includes(`#${id}`));
    expect(mails.filter((m) => m.kind === "shipment_shipped")).toHaveLength(2);
    expect(mails.filter((m) => m.kind === "order_shipped")).toHaveLength(1);
    expect(mails.find((m) => m.kind === "order_shipped")?.text).toContain("This is the last shipment of the order.");
    // The practice's page says the same.
    const page = await post("/api/order/query", { id }, t.practice);
    expect(page.json().data.line_progress.summary).toBe("2 of 2 lines shipped");
    expect(page.json().data.shipment_groups).toHaveLength(3);
  });

  it("never ships a line twice when two shipments of it race: one wins, the other is refused", async () => {
    const { stocked } = await products2();
    const { id, lines } = await placeOrder([{ id: stocked, quantity: 3 }]);
    const line = lines[0]?.id as number;
    const answers = await Promise.all([
      ship(id, "1Z999AA10000000011", [{ order_product_id: line, quantity: 3 }]),
      ship(id, "1Z999AA10000000012", [{ order_product_id: line, quantity: 2 }]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await orderLinesOf(t.db, id))[0]?.shipped_quantity).toBeLessThanOrEqual(3);
  });

  it("cancels only packs not shipped, and an order whose rest is cancelled is Shipped", async () => {
    const { stocked } = await products2();
    const other = await newProduct();
    const { id, lines } = await placeOrder([
      { id: stocked, quantity: 2 },
      { id: other, quantity: 2 },
    ]);
    const [a, b] = lines.map((l) => l.id) as [number, number];
    expect((await ship(id, "1Z999AA10000000021", [{ order_product_id: a, quantity: 2 }])).statusCode).toBe(200);
    const refused = await post("/api/fulfilment/cancel", {
      order_id: id,
      lines: [{ order_product_id: a, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    const rest = await post("/api/fulfilment/cancel", { order_id: id });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.order_status).toBe(ORDER_STATUS.SHIPPED);
    expect((await orderLinesOf(t.db, id)).map((l) => [l.id, l.cancelled_quantity, l.shipped_quantity])).toEqual([
      [a, 0, 2],
      [b, 2, 0],
    ]);
  });

  it("ships every ready line from a carrier file, and refuses an order with nothing ready", async () => {
    const { stocked, printed } = await products2();
    const mixed = await placeOrder([
      { id: stocked, quantity: 1 },
      { id: printed, quantity: 1 },
    ]);
    const waiting = await placeOrder([{ id: printed, quantity: 1 }]);
    const day = new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
    const csv = `order_id,tracking_number,carrier,ship_date\n${mixed.id},1Z999AA10000000031,UPS,${day}\n${waiting.id},1Z999AA10000000032,UPS,${day}\n`;
    const res = await post("/api/fulfilment/importApply", { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.shipped_orders).toEqual([mixed.id]);
    expect(res.json().data.rows[1].error).toContain("nothing ready to ship");
    expect((await orderLinesOf(t.db, mixed.id)).map((l) => l.shipped_quantity)).toEqual([1, 0]);
  });
});
