import { describe, expect, it } from "vitest";
import { bearer, signIn } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody } from "../../../test/support/fixtures.ts";

/**
 * The navigation's count (issue 23): POST /api/approvals/waiting says whether the signed-in user
 * decides approvals and how many orders wait in their queue — the queue's own total — and answers a
 * practice "not an approver" rather than 403, so the header may ask on every page.
 */
const t = useSignedInApp();
/** The demo data's approver (seed-approvals.ts), named on the flagged practice's rule, and that practice (New York: 144518 is its). */
const APPROVER = { method: "password", email: "approver@vetportal.example", password: "VetPortal2026" };
const BROOKLYN = {
  method: "address",
  address_name: "Brooklyn Heights Pet Clinic",
  line1: "210 Atlantic Avenue",
  zip_code: "11201",
};

const post = (url: string, token: string, payload: unknown = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });
const waiting = async (token: string) => (await post("/api/approvals/waiting", token)).json().data;
const queueTotal = async (token: string) => (await post("/api/approvals/queue", token, { limit: 1 })).json().found_rows;

describe("the approvals waiting for the signed-in user", () => {
  it("counts the queue for the approver and the administrator, and tells a practice it decides none", async () => {
    const approver = (await signIn(t.app, APPROVER)).access_token;
    expect(await waiting(t.practice)).toEqual({ approver: false, waiting: 0 });
    const before = await waiting(approver);
    // The demo's flagged practice has an order waiting for the approver.
    expect(before.approver).toBe(true);
    expect(before.waiting).toBeGreaterThanOrEqual(1);
    expect(before.waiting).toBe(await queueTotal(approver));

    // A new order of the flagged practice waits for the approver: one more for them and the administrator.
    const adminBefore = await waiting(t.admin);
    const brooklyn = (await signIn(t.app, BROOKLYN)).access_token;
    const placed = await post("/api/order/add", brooklyn, orderBody([{ id: 144518, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await waiting(approver)).toEqual({ approver: true, waiting: before.waiting + 1 });
    expect(await waiting(t.admin)).toEqual({ approver: true, waiting: adminBefore.waiting + 1 });
    expect((await waiting(t.admin)).waiting).toBe(await queueTotal(t.admin));
  });
});
