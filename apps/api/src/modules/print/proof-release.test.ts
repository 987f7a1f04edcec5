import { ORDER_STATUS } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { approvedProof, orderBody, orderLinesOf, productMaker } from "../../../test/support/fixtures.ts";

/**
 * Issue 24 §3 (decision 046): a line staff sent back waits in Pending Proof Approval until the
 * practice approves the proof again; the approval releases it to Pre Press at once, once, and the
 * line then prints the proof just approved. Runs on PGlite and on PostgreSQL.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const newProduct = productMaker(
  t,
  { id: 976_000, name: "Release Postcard" },
  { max_quantity: 20, actual_inventory: 0, is_customizable: true, is_in_inventory: false } as never,
  [[1, null, 500]],
);

async function orderOf(productIds: number[]) {
  const res = await post("/api/order/add", orderBody(productIds.map((id) => ({ id, quantity: 1 }))), t.practice);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data as number;
  return { id, lines: await orderLinesOf(t.db, id) };
}

const sendBack = async (orderId: number, lineId: number) => {
  const res = await post("/api/fulfilment/lines/sendBack", {
    order_id: orderId,
    order_product_id: lineId,
    note: "Please check the phone number",
  });
  expect(res.statusCode, res.body).toBe(200);
};

const approve = async (proofId: number) => {
  const res = await post("/api/proof/approve", { proof_id: proofId }, t.practice);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; approved_at: string; released_lines: number };
};

const currentProof = async (productId: number) => {
  const res = await post("/api/proof/query", { product_id: productId }, t.practice);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; approved: boolean };
};

/** What the practice's order page reads: each line's production status by name. */
async function practiceSees(orderId: number) {
  const res = await post("/api/order/query", { id: orderId }, t.practice);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.order_products as { production_status_name: string | null }[]).map(
    (l) => l.production_status_name,
  );
}

describe("approving a sent-back proof again", () => {
  it("releases the line to Pre Press at once with the new proof; a second approval changes nothing", async () => {
    const printed = await newProduct();
    const other = await newProduct();
    const firstProof = await approvedProof(t, t.practice, printed);
    await approvedProof(t, t.practice, other);
    const { id, lines } = await orderOf([printed, other]);
    const [line, otherLine] = lines.map((l) => l.id) as [number, number];
    await sendBack(id, line);
    await sendBack(id, otherLine);
    expect(await practiceSees(id)).toEqual(["Pending Proof Approval", "Pending Proof Approval"]);

    // The practice changes its brand as asked: a new proof, approved.
    const brand = (await post("/api/brand/query", {}, t.practice)).json().data;
    const saved = await post(
      "/api/brand/save",
      {
        display_name: `${brand.display_name} Clinic`,
        address_lines: brand.address_lines,
        phone: brand.phone,
        website: brand.website,
        hours: brand.hours,
      },
      t.practice,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const newProof = await currentProof(printed);
    expect(newProof.id).not.toBe(firstProof);
    expect(newProof.approved).toBe(false);
    expect((await approve(newProof.id)).released_lines).toBe(1);

    // Only that product's line moved, and it prints the proof just approved.
    const after = await orderLinesOf(t.db, id);
    expect(after.map((l) => l.production_status_id)).toEqual([
      ORDER_STATUS.PRE_PRESS,
      ORDER_STATUS.PENDING_PROOF_APPROVAL,
    ]);
    expect(after[0]?.proof_id).toBe(newProof.id);
    expect(await practiceSees(id)).toEqual(["Pre Press", "Pending Proof Approval"]);

    // Approving it again does nothing more: still Pre Press, no line released, same approval time.
    const again = await approve(newProof.id);
    expect(again.released_lines).toBe(0);
    expect((await orderLinesOf(t.db, id))[0]?.production_status_id).toBe(ORDER_STATUS.PRE_PRESS);
  });

  it("releases a line whose unchanged proof the practice approves again (the proof was right after all)", async () => {
    const printed = await newProduct();
    const proofId = await approvedProof(t, t.practice, printed);
    const { id, lines } = await orderOf([printed]);
    const line = lines[0]?.id as number;
    await sendBack(id, line);
    const approval = await approve(proofId);
    expect(approval.released_lines).toBe(1);
    const [row] = await orderLinesOf(t.db, id);
    expect(row?.production_status_id).toBe(ORDER_STATUS.PRE_PRESS);
    expect(row?.proof_id).toBe(proofId);
  });

  it("releases a line once when the practice approves twice at once", async () => {
    const printed = await newProduct();
    const proofId = await approvedProof(t, t.practice, printed);
    const { id, lines } = await orderOf([printed]);
    await sendBack(id, lines[0]?.id as number);
    const answers = await Promise.all([approve(proofId), approve(proofId)]);
    expect(answers.map((a) => a.released_lines).sort()).toEqual([0, 1]);
    expect((await orderLinesOf(t.db, id))[0]?.production_status_id).toBe(ORDER_STATUS.PRE_PRESS);
  });

  it("leaves a line that was not sent back alone, and another practice's approval never releases it", async () => {
    const printed = await newProduct();
    const proofId = await approvedProof(t, t.practice, printed);
    const { id, lines } = await orderOf([printed]);
    const line = lines[0]?.id as number;
    expect((await approve(proofId)).released_lines).toBe(0);
    expect((await orderLinesOf(t.db, id))[0]?.production_status_id).toBe(ORDER_STATUS.PRE_PRESS);
    await sendBack(id, line);
    // The administrator may see the practice's proof but not approve it for the practice.
    expect((await post("/api/proof/approve", { proof_id: proofId })).statusCode).toBe(404);
    expect((await orderLinesOf(t.db, id))[0]?.production_status_id).toBe(ORDER_STATUS.PENDING_PROOF_APPROVAL);
  });
});
