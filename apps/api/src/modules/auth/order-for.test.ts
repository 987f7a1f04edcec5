import { CATEGORY, portalDay } from "@vetportal/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, NY_PRACTICE, queryRows, signInAdmin, signInPractice } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { email_outbox, orders, users } from "../../db/schema/index.ts";

/**
 * Issue 23 §4, decision 042: an administrator takes an order by phone. POST /api/orderfor/start
 * opens a session of the administrator's that runs as the practice (its visibility, prices,
 * delivery methods, addresses), with a practice's rights only; the order records who placed it.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: token ? bearer(token) : {} });

const makeProduct = productMaker(
  t,
  { id: 995_400, name: "On Behalf Leaflet" },
  { package_quantity: 50, max_quantity: 50, actual_inventory: 500, pick_fee_cents: 0 },
  [
    [1, 4, 1500],
    [5, null, 1200],
  ],
);

/** The demo practice's user id by its sign-in. */
const practiceId = async (practice = NY_PRACTICE) => (await signInPractice(t.app, practice)).profile.user_id;
const adminId = async () => (await signInAdmin(t.app)).profile.user_id;

async function startActing(userId: number, token = t.admin) {
  const res = await post("/api/orderfor/start", { user_id: userId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { access_token: string; acting: { practice_name: string; admin_name: string } };
}

const categoryIds = async (token: string) =>
  ((await post("/api/product/categories", { exclude_no_product: 1 }, token)).json().data as { id: number }[]).map(
    (c) => c.id,
  );

describe("an administrator ordering for a practice", () => {
  it("runs as the practice: its visibility, its delivery methods and its prices", async () => {
    const ny = await practiceId();
    const acting = await startActing(ny);
    expect(acting.acting).toMatchObject({ practice_name: NY_PRACTICE.address_name, admin_name: expect.any(String) });
    expect(acting.acting.admin_name).not.toBe("");

    // New York's categories, not the administrator's (who sees every category).
    const ids = await categoryIds(acting.access_token);
    expect(ids).toContain(CATEGORY.NY_ONLY);
    expect(ids).not.toContain(CATEGORY.NON_NY);
    expect(await categoryIds(t.admin)).toEqual(expect.arrayContaining([CATEGORY.NY_ONLY, CATEGORY.NON_NY]));

    // The same quote and delivery methods as the practice's own session gets.
    const own = (await signInPractice(t.app, NY_PRACTICE)).access_token;
    const id = await makeProduct({ product_category_id: CATEGORY.NY_ONLY });
    const hidden = await makeProduct({ product_category_id: CATEGORY.NON_NY });
    const cart = { items: [{ id, quantity: 6 }] };
    const quoted = await post("/api/order/quote", cart, acting.access_token);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toEqual((await post("/api/order/quote", cart, own)).json().data);
    expect(quoted.json().data.lines[0]).toMatchObject({ unit_price_cents: 1200 });
    // A product outside New York's categories is refused to the acting session as to the practice.
    const outside = orderBody([{ id: hidden, quantity: 1 }]);
    const refused = await post("/api/order/add", outside, acting.access_token);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json()).toEqual((await post("/api/order/add", outside, own)).json());
    const customer = (await post("/api/customer/query", {}, acting.access_token)).json().data;
    expect(customer).toEqual((await post("/api/customer/query", {}, own)).json().data);
    const current = await post("/api/orderfor/current", {}, acting.access_token);
    expect(current.json().data).toMatchObject({ user_id: ny, practice_name: NY_PRACTICE.address_name });
  });

  it("places the practice's order, recorded as placed by the administrator, with its confirmation email", async () => {
    const ny = await practiceId();
    const admin = await adminId();
    const acting = await startActing(ny);
    const id = await makeProduct();
    const placed = await post(
      "/api/order/add",
      orderBody([{ id, quantity: 2 }], { email: "front@hudson.test" }),
      acting.access_token,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data as number;

    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ user_id: ny, placed_by_user_id: admin });
    const [adminRow] = await t.db.select().from(users).where(eq(users.id, admin));
    const adminName = [adminRow?.first_name, adminRow?.last_name].filter(Boolean).join(" ") || adminRow?.email;
    const placedBy = { admin_name: adminName, practice_name: NY_PRACTICE.address_name };

    // The practice's own order page, the desk and the order report all say who placed it.
    const own = (await signInPractice(t.app, NY_PRACTICE)).access_token;
    expect((await post("/api/order/query", { id: orderId }, own)).json().data.placed_by).toEqual(placedBy);
    expect((await post("/api/fulfilment/query", { id: orderId }, t.admin)).json().data.placed_by).toEqual(placedBy);
    const today = portalDay(new Date());
    const report = await post(
      "/api/report/orderFrontEnd",
      { search_by: 1, date_from: today, date_to: today, limit: 100 },
      t.admin,
    );
    const reportRow = (report.json().data.rows as { id: number; placed_by: string | null }[]).find(
      (r) => r.id === orderId,
    );
    expect(reportRow?.placed_by).toBe(`Placed by ${adminName} for ${NY_PRACTICE.address_name}`);

    // The confirmation goes to the practice's order contact, as usual.
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.kind, "order_confirmation"), sql`${email_outbox.subject} like ${`%#${orderId}%`}`))
      .orderBy(desc(email_outbox.id));
    expect(mail?.to).toEqual(["front@hudson.test"]);
  });

  it("records a practice's own order as placed by the practice, with no 'placed by' line", async () => {
    const id = await makeProduct();
    const placed = await post("/api/order/add", orderBody([{ id, quantity: 1 }]), t.practice);
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.json().data));
    expect(row?.placed_by_user_id).toBe(t.practiceUserId);
    expect((await post("/api/order/query", { id: row?.id }, t.practice)).json().data.placed_by).toBeNull();
  });

  it("never widens what the session may do: no administrator routes while acting, no second scope", async () => {
    const acting = await startActing(await practiceId());
    expect((await post("/api/fulfilment/list", {}, acting.access_token)).statusCode).toBe(403);
    expect((await post("/api/user/list", {}, acting.access_token)).statusCode).toBe(403);
    expect((await post("/api/orderfor/start", { user_id: t.practiceUserId }, acting.access_token)).statusCode).toBe(
      403,
    );
    const privileges = (await post("/api/useradmin/previlege", {}, acting.access_token)).json().data;
    expect(privileges).toMatchObject({ is_admin: false, user_level_id: 1 });
    // The administrator's own session is unchanged.
    expect((await post("/api/fulfilment/list", {}, t.admin)).statusCode).toBe(200);
  });

  it("is refused to a practice and to anonymous callers, and only for an active practice", async () => {
    const ny = await practiceId();
    expect((await post("/api/orderfor/start", { user_id: ny }, t.practice)).statusCode).toBe(403);
    expect((await post("/api/orderfor/start", { user_id: ny })).statusCode).toBe(401);
    expect((await post("/api/orderfor/current", {})).statusCode).toBe(401);
    // A staff account, an unknown id and a deleted practice are not practices to order for.
    for (const user_id of [await adminId(), 99_999_999]) {
      const res = await post("/api/orderfor/start", { user_id }, t.admin);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe("That practice was not found or cannot order.");
    }
    const bad = await post("/api/orderfor/start", { user_id: "x" }, t.admin);
    expect(bad.statusCode).toBe(400);
    const [sessions] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sessions where acting_for_user_id is not null and revoked_at is null`,
    );
    expect((await post("/api/orderfor/start", { user_id: 0 }, t.admin)).statusCode).toBe(400);
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sessions where acting_for_user_id is not null and revoked_at is null`,
    );
    expect(after?.n).toBe(sessions?.n);
    // A practice's session is not acting: current is null, stop changes nothing.
    expect((await post("/api/orderfor/current", {}, t.practice)).json().data).toBeNull();
    expect((await post("/api/orderfor/stop", {}, t.practice)).json().data).toBe(false);
    expect((await post("/api/order/list", {}, t.practice)).statusCode).toBe(200);
  });

  it("ends on Stop, and when the practice is deactivated it never falls back to the administrator", async () => {
    const ny = await practiceId();
    const acting = await startActing(ny);
    expect((await post("/api/orderfor/stop", {}, acting.access_token)).json().data).toBe(true);
    expect((await post("/api/order/list", {}, acting.access_token)).statusCode).toBe(401);
    expect((await post("/api/fulfilment/list", {}, t.admin)).statusCode).toBe(200);

    const again = await startActing(ny);
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, ny));
    try {
      expect((await post("/api/fulfilment/list", {}, again.access_token)).statusCode).toBe(401);
      expect((await post("/api/order/list", {}, again.access_token)).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ is_active: true }).where(eq(users.id, ny));
    }
  });
});
