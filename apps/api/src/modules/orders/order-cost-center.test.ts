import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { email_outbox } from "../../db/schema/index.ts";

/**
 * Issue 22 §6: the cost center chosen at checkout is on the practice's order page and in its
 * confirmation email, with the PO number.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const makeProduct = productMaker(
  t,
  { id: 995_100, name: "Cost Center Leaflet" },
  { package_quantity: 50, max_quantity: 50, actual_inventory: 500, pick_fee_cents: 0 },
  [[1, null, 1200]],
);

const lastConfirmation = async () =>
  (
    await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.kind, "order_confirmation"))
      .orderBy(desc(email_outbox.id))
      .limit(1)
  )[0];

describe("the cost center of an order", () => {
  it("is on the practice's order page and in the confirmation email, with the PO number", async () => {
    const id = await makeProduct();
    // Happy Paws belongs to Veterinary Sales West, served by CC-200 Field Sales in the demo data.
    const cc = (await post("/api/customer/query", {})).json().data.cost_centers[0].id as number;
    const placed = await post(
      "/api/order/add",
      orderBody([{ id, quantity: 2 }], { po_number: "PO-77", cost_center_id: cc }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data as number;

    const detail = (await post("/api/order/query", { id: orderId })).json().data;
    expect(detail).toMatchObject({ po_number: "PO-77", cost_center_name: "CC-200 Field Sales" });
    const mail = await lastConfirmation();
    expect(mail?.subject).toContain(`#${orderId}`);
    expect(mail?.text.split("\n")).toEqual(
      expect.arrayContaining(["PO number: PO-77", "Cost center: CC-200 Field Sales"]),
    );
  });

  it("is null on the order page and absent from the email when none was chosen", async () => {
    const id = await makeProduct();
    const placed = await post("/api/order/add", orderBody([{ id, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(200);
    const detail = (await post("/api/order/query", { id: placed.json().data })).json().data;
    expect(detail.cost_center_name).toBeNull();
    expect((await lastConfirmation())?.text).not.toMatch(/Cost center:|PO number:/);
  });
});
