import { ORDER_STATUS } from "@vetportal/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bearer, queryRows, signIn } from "../../../test/helpers.ts";
import { accountOf, insertProgramme, ledgerMismatches } from "../../../test/support/allowances.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import {
  approval_decisions,
  approval_requests,
  approval_rules,
  email_outbox,
  order_status_history,
  orders,
  products,
  users,
} from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/hashing.ts";
import { listDueExpiries } from "./approvals.repository.ts";

const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

/** A product of this file: tracked stock 100, $10 a pack, 1–50 packs. */
const makeProduct = productMaker(
  t,
  { id: 991_000, name: "Approval Brochure" },
  { package_quantity: 50, max_quantity: 50, actual_inventory: 100, pick_fee_cents: 0, cutoff_time: 2 },
  [[1, null, 1000]],
);
const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]?.actual_inventory;

/** Two approvers of the demo customer with passwords, signed in. */
const approvers: { id: number; token: string; email: string }[] = [];
async function addApprover(n: number) {
  const email = `approver${n}@approvals.test`;
  const [u] = await t.db
    .insert(users)
    .values({
      customer_id: 1850,
      first_name: "Approver",
      last_name: `Number${n}`,
      email,
      password_hash: await hashPassword("Approve2026!"),
      user_level_id: 1,
      is_approver: true,
    })
    .returning();
  const session = await signIn(t.app, { method: "password", email, password: "Approve2026!" });
  return { id: u?.id as number, token: session.access_token, email };
}

const saveRule = (rule: Record<string, unknown>, token = t.admin) =>
  post("/api/approvals/rules/save", { department_id: null, is_active: true, ...rule }, token);

const place = (items: { id: number; quantity: number }[]) => post("/api/order/add", orderBody(items));

const statusOf = async (orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.order_status_id;

const decide = (orderId: number, decision: "approve" | "reject", token: string, note = "", tier = 1) =>
  post("/api/approvals/decide", { order_id: orderId, tier, decision, note }, token);

beforeEach(async () => {
  await t.db.delete(approval_rules);
  if (!approvers.length) approvers.push(await addApprover(1), await addApprover(2));
});

describe("approval rules", () => {
  it("places an order over the amount Pending Approval, with stock held, the reason stored and the approvers emailed", async () => {
    const p = await makeProduct();
    const totalOf = async (quantity: number) =>
      (await post("/api/order/quote", { items: [{ id: p, quantity }] })).json().data.total_order_amount as number;
    // The threshold is the total of 5 packs (shipping and processing included): 6 packs are above it.
    const five = await totalOf(5);
    const six = await totalOf(6);
    await saveRule({ name: "Big orders", kind: "order_total", amount_cents: five, tiers: [[approvers[0]?.id]] });
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    const reason = `Order total ${money(six)} is above ${money(five)}`;
    const quote = await post("/api/order/quote", { items: [{ id: p, quantity: 6 }] });
    expect(quote.json().data.approval).toEqual({ required: true, reasons: [reason] });
    const before = await stockOf(p);
    const res = await place([{ id: p, quantity: 6 }]);
    expect(res.statusCode).toBe(200);
    const id = res.json().data as number;
    expect(await statusOf(id)).toBe(ORDER_STATUS.PENDING_APPROVAL);
    expect(await stockOf(p)).toBe((before ?? 0) - 6);
    const [request] = await t.db.select().from(approval_requests).where(eq(approval_requests.order_id, id));
    expect(request?.reasons.map((r) => r.text)).toEqual([reason]);
    const mail = await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.kind, "approval_request"))
      .orderBy(desc(email_outbox.id))
      .limit(1);
    expect(mail[0]?.to).toEqual([approvers[0]?.email]);
    expect(mail[0]?.text).toContain(`/approvals/${id}`);
    // Under the amount: placed Active as ever.
    const small = await place([{ id: p, quantity: 5 }]);
    expect(await statusOf(small.json().data)).toBe(ORDER_STATUS.ACTIVE);
    expect((await post("/api/order/quote", { items: [{ id: p, quantity: 5 }] })).json().data.approval).toEqual({
      required: false,
      reasons: [],
    });
  });

  it("matches a product above a quantity and a category above a quantity", async () => {
    const p = await makeProduct();
    const q = await makeProduct();
    await saveRule({ name: "One product", kind: "product_quantity", product_id: p, quantity: 3, tiers: [[1]] });
    await saveRule({ name: "Category", kind: "category_quantity", category_id: 2101, quantity: 8, tiers: [[1]] });
    const check = async (items: { id: number; quantity: number }[]) =>
      (await post("/api/order/quote", { items })).json().data.approval.reasons;
    expect(await check([{ id: p, quantity: 3 }])).toEqual([]);
    expect(await check([{ id: p, quantity: 4 }])).toEqual([`4 packs of Approval Brochure ${p} is more than 3 packs`]);
    expect(
      await check([
        { id: q, quantity: 5 },
        { id: p, quantity: 2 },
      ]),
    ).toEqual([]);
    expect(
      await check([
        { id: q, quantity: 7 },
        { id: p, quantity: 2 },
      ]),
    ).toEqual([`9 packs in one category (Approval Brochure ${q}, Approval Brochure ${p}) is more than 8 packs`]);
  });

  it("matches every order of a flagged user, and the first order of a self-registered practice", async () => {
    const p = await makeProduct();
    await saveRule({ name: "Flagged", kind: "flagged_user", tiers: [[1]] });
    await saveRule({ name: "Newcomers", kind: "first_order", tiers: [[1]] });
    const check = async (token = t.practice) =>
      (await post("/api/order/quote", { items: [{ id: p, quantity: 1 }] }, token)).json().data.approval.reasons;
    expect(await check()).toEqual([]);
    await t.db.update(users).set({ requires_approval: true }).where(eq(users.id, t.practiceUserId));
    expect(await check()).toEqual(["Every order of this practice needs approval"]);
    await t.db.update(users).set({ requires_approval: false }).where(eq(users.id, t.practiceUserId));
    // A practice that signed itself up: its first order needs approval, not once it has one.
    const signup = {
      practice_name: "Newcomer Animal Clinic",
      contact: "Nina New",
      email: "nina@newcomer.test",
      phone: "415-555-0199",
      line1: "1 Mission Street",
      city: "San Francisco",
      state: "CA",
      zip_code: "94105",
    };
    const created = await t.app.inject({ method: "POST", url: "/api/user/addpractice", payload: signup });
    expect(created.statusCode).toBe(200);
    const newcomer = await signIn(t.app, {
      method: "address",
      address_name: signup.practice_name,
      line1: signup.line1,
      zip_code: signup.zip_code,
    });
    expect(await check(newcomer.access_token)).toEqual(["First order of a newly self-registered practice"]);
  });

  it("matches an allowance over its balance whose programme asks for approval (hand-built outcomes)", async () => {
    const { evaluateRules } = await import("./rules.ts");
    const rule = {
      id: 1,
      name: "Over",
      kind: "over_allowance" as const,
      department_id: null,
      amount_cents: null,
      product_id: null,
      category_id: null,
      quantity: null,
      tiers: [[7]],
    };
    const outcome = (over_by: number, over_balance: "refuse" | "approval" | "allow") => ({
      programme_id: 1,
      name: "Client education",
      unit: "packs" as const,
      allotted: 40,
      left_before: 4,
      left_after: 4 - over_by - 4,
      over_by,
      over_balance,
    });
    const facts = {
      departmentId: null,
      requiresApproval: false,
      selfRegistered: false,
      hasOrders: true,
      totalCents: 0,
      lines: [],
    };
    expect(evaluateRules([rule], { ...facts, allowance: [outcome(6, "approval")] })?.reasons).toEqual([
      { rule_id: 1, kind: "over_allowance", text: "Client education: 6 packs over the allowance" },
    ]);
    expect(evaluateRules([rule], { ...facts, allowance: [outcome(6, "allow")] })).toBeNull();
    expect(evaluateRules([rule], { ...facts, allowance: [outcome(0, "approval")] })).toBeNull();
  });

  it("lets a department's rule take the place of the customer's rule of the same kind, and merges tiers", async () => {
    const { evaluateRules } = await import("./rules.ts");
    const base = { product_id: null, category_id: null, quantity: null };
    const wide = {
      ...base,
      id: 1,
      name: "All",
      kind: "order_total" as const,
      department_id: null,
      amount_cents: 100,
      tiers: [[1], [2]],
    };
    const dept = {
      ...base,
      id: 2,
      name: "Dept",
      kind: "order_total" as const,
      department_id: 9,
      amount_cents: 1000,
      tiers: [[3]],
    };
    const flagged = {
      ...base,
      id: 3,
      name: "Flag",
      kind: "flagged_user" as const,
      department_id: null,
      amount_cents: null,
      tiers: [[4]],
    };
    const facts = { requiresApproval: true, selfRegistered: false, hasOrders: true, lines: [], allowance: [] };
    // In department 9 an order of $5 passes the department's $10 rule; the customer's $1 rule no longer applies.
    expect(evaluateRules([wide, dept, flagged], { ...facts, departmentId: 9, totalCents: 500 })).toEqual({
      reasons: [{ rule_id: 3, kind: "flagged_user", text: "Every order of this practice needs approval" }],
      approvers: [[4]],
    });
    // Elsewhere the customer's rule applies: its two tiers, the flagged rule's approver joining tier 1.
    expect(evaluateRules([wide, dept, flagged], { ...facts, departmentId: 5, totalCents: 500 })?.approvers).toEqual([
      [1, 4],
      [2],
    ]);
  });

  it("refuses a rule naming someone who is not an approver, a missing threshold, and a practice saving rules", async () => {
    const notApprover = await saveRule({
      name: "X",
      kind: "order_total",
      amount_cents: 1,
      tiers: [[t.practiceUserId]],
    });
    expect(notApprover.statusCode).toBe(400);
    expect(notApprover.json().error.fields.tiers).toMatch(/approvers/);
    const noAmount = await saveRule({ name: "X", kind: "order_total", tiers: [[1]] });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.fields.amount_cents).toBe("Enter the amount");
    expect((await saveRule({ name: "X", kind: "flagged_user", tiers: [[1]] }, t.practice)).statusCode).toBe(403);
    expect(await t.db.select().from(approval_rules)).toEqual([]);
  });
});

describe("approving and rejecting", () => {
  async function pendingOrder(tiers: number[][], quantity = 6, allowance = false) {
    const p = await makeProduct();
    if (allowance)
      await insertProgramme(t.db, { name: `Held ${p}`, scope: "products", scope_ids: [p], default_allotted: 100 });
    await saveRule({ name: "Big", kind: "order_total", amount_cents: 1000, tiers });
    const res = await place([{ id: p, quantity }]);
    return { product: p, id: res.json().data as number };
  }

  it("approves through every tier: Active only after the last, its cancel window starting then", async () => {
    const [a, b] = approvers as [(typeof approvers)[0], (typeof approvers)[0]];
    const { id } = await pendingOrder([[a.id], [b.id]]);
    // Tier 2's approver cannot decide tier 1, and tier 1's queue shows the order.
    expect((await decide(id, "approve", b.token)).statusCode).toBe(403);
    const queue = (await post("/api/approvals/queue", {}, a.token)).json();
    expect(queue.data.map((r: { order_id: number }) => r.order_id)).toContain(id);
    const first = await decide(id, "approve", a.token, "Fine by me");
    expect(first.json().data).toMatchObject({ status: "pending", tier: 2 });
    expect(await statusOf(id)).toBe(ORDER_STATUS.PENDING_APPROVAL);
    // A stale page of tier 1 decides nothing.
    expect((await decide(id, "reject", a.token, "late", 1)).statusCode).toBe(409);
    const second = await decide(id, "approve", b.token, "Approved for Q3", 2);
    expect(second.json().data).toMatchObject({ status: "approved", order_status: ORDER_STATUS.ACTIVE });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.approved_at).toBeInstanceOf(Date);
    const page = (await post("/api/order/query", { id })).json().data;
    expect(page.order_status_name).toBe("Active");
    expect(page.can_cancel).toBe(true);
    expect(page.approval.decisions.map((d: { note: string }) => d.note)).toEqual(["Fine by me", "Approved for Q3"]);
  });

  it("rejects: the order is Cancelled, its stock given back, the practice emailed the reason word for word", async () => {
    const [a] = approvers as [(typeof approvers)[0]];
    const { id, product } = await pendingOrder([[a.id]]);
    const held = await stockOf(product);
    expect((await decide(id, "reject", a.token)).statusCode).toBe(400);
    const res = await decide(id, "reject", a.token, "Over the quarter's budget — order in October");
    expect(res.json().data).toMatchObject({ status: "rejected", order_status: ORDER_STATUS.CANCELLED });
    expect(await stockOf(product)).toBe((held ?? 0) + 6);
    const page = (await post("/api/order/query", { id })).json().data;
    expect(page.order_status_name).toBe("Cancelled");
    expect(page.approval.status).toBe("rejected");
    expect(page.approval.decisions[0].note).toBe("Over the quarter's budget — order in October");
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.kind, "approval_decision"))
      .orderBy(desc(email_outbox.id))
      .limit(1);
    expect(mail?.to).toEqual(["maria@happypaws.test"]);
    expect(mail?.text).toContain("Reason: Over the quarter's budget — order in October");
    // The audit trail names the approver and the decision with its note (decision 043).
    const audit = await queryRows<{ actor_user_id: number; action: string; after: { note?: string } }>(
      t.db,
      sql`select actor_user_id, action, after from audit_log where kind = 'approval' and record_id = ${id}`,
    );
    expect(audit).toEqual([
      {
        actor_user_id: a.id,
        action: "reject",
        after: expect.objectContaining({ status: "rejected", note: "Over the quarter's budget — order in October" }),
      },
    ]);
  });

  it("refuses a practice, and an approver whom no rule of the order names", async () => {
    const [a, b] = approvers as [(typeof approvers)[0], (typeof approvers)[0]];
    const { id } = await pendingOrder([[a.id]]);
    expect((await decide(id, "approve", t.practice)).statusCode).toBe(403);
    expect((await post("/api/approvals/queue", {}, t.practice)).statusCode).toBe(403);
    expect((await decide(id, "approve", b.token)).statusCode).toBe(403);
    expect((await post("/api/approvals/query", { order_id: id }, b.token)).statusCode).toBe(404);
    expect(
      (await post("/api/approvals/queue", {}, b.token)).json().data.map((r: { order_id: number }) => r.order_id),
    ).not.toContain(id);
    expect(await statusOf(id)).toBe(ORDER_STATUS.PENDING_APPROVAL);
    // An administrator may decide any order.
    expect((await decide(id, "approve", t.admin)).statusCode).toBe(200);
  });

  it("lets exactly one of concurrent decisions on one order win: stock and allowance back once, one email, one audit row", async () => {
    const [a, b] = approvers as [(typeof approvers)[0], (typeof approvers)[0]];
    const { id, product } = await pendingOrder([[a.id, b.id]], 6, true);
    const held = await stockOf(product);
    const [programme] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from allowance_programmes where name = ${`Held ${product}`}`,
    );
    expect((await accountOf(t.db, programme?.id as number, t.practiceUserId))?.balance).toBe(94);
    const answers = await Promise.all([
      decide(id, "approve", a.token, "yes"),
      decide(id, "reject", b.token, "no"),
      decide(id, "reject", t.admin, "no!"),
      decide(id, "approve", a.token, "yes again"),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const decisions = await t.db
      .select()
      .from(approval_decisions)
      .innerJoin(approval_requests, eq(approval_requests.id, approval_decisions.request_id))
      .where(eq(approval_requests.order_id, id));
    expect(decisions).toHaveLength(1);
    const winner = decisions[0]?.approval_decisions.decision;
    expect(await statusOf(id)).toBe(winner === "approve" ? ORDER_STATUS.ACTIVE : ORDER_STATUS.CANCELLED);
    expect(await stockOf(product)).toBe(winner === "approve" ? held : (held ?? 0) + 6);
    expect((await accountOf(t.db, programme?.id as number, t.practiceUserId))?.balance).toBe(
      winner === "approve" ? 94 : 100,
    );
    expect(await ledgerMismatches(t.db, programme?.id as number)).toEqual({ accounts: [], orders: [] });
    const history = await t.db
      .select()
      .from(order_status_history)
      .where(and(eq(order_status_history.order_id, id)));
    expect(history).toHaveLength(2);
    const mails = (await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "approval_decision"))).filter(
      (m) => m.text.includes(`/order/${id}/2`),
    );
    expect(mails).toHaveLength(1);
    const audit = await queryRows(t.db, sql`select id from audit_log where kind = 'approval' and record_id = ${id}`);
    expect(audit).toHaveLength(1);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme?.id}`);
  });

  it("never picks for expiry a request whose order the desk cancelled while it waited", async () => {
    const [a] = approvers as [(typeof approvers)[0]];
    const { id } = await pendingOrder([[a.id]]);
    expect((await post("/api/fulfilment/cancel", { order_id: id }, t.admin)).statusCode).toBe(200);
    await t.db
      .update(approval_requests)
      .set({ tier_started: sql`now() - make_interval(days => 30)`, reminded_at: sql`now()` })
      .where(eq(approval_requests.order_id, id));
    // Left in the batch, such requests would fill it (oldest first) and no live request would ever expire.
    const due = await listDueExpiries(t.db, 1, 1000);
    const [request] = await t.db.select().from(approval_requests).where(eq(approval_requests.order_id, id));
    expect(due.map((r) => r.id)).not.toContain(request?.id);
    expect(await t.app.approvals.runDue()).toMatchObject({ expired: 0 });
  });

  it("reminds the approvers once after the configured days, then expires the order (cancelled, stock back)", async () => {
    const [a] = approvers as [(typeof approvers)[0]];
    const { id, product } = await pendingOrder([[a.id]]);
    const held = await stockOf(product);
    const age = (days: number) =>
      t.db
        .update(approval_requests)
        .set({ tier_started: sql`now() - make_interval(days => ${days})` })
        .where(eq(approval_requests.order_id, id));
    const reminders = async () =>
      (await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "approval_reminder"))).filter((m) =>
        m.text.includes(`#${id} `),
      ).length;
    await t.app.approvals.runDue();
    expect(await reminders()).toBe(0);
    await age(3);
    const [one, two] = await Promise.all([t.app.approvals.runDue(), t.app.approvals.runDue()]);
    expect(await reminders()).toBe(1);
    expect(one.expired + two.expired).toBe(0);
    expect(await statusOf(id)).toBe(ORDER_STATUS.PENDING_APPROVAL);
    await age(8);
    await Promise.all([t.app.approvals.runDue(), t.app.approvals.runDue()]);
    expect(await statusOf(id)).toBe(ORDER_STATUS.CANCELLED);
    expect(await stockOf(product)).toBe((held ?? 0) + 6);
    const page = (await post("/api/order/query", { id })).json().data;
    expect(page.approval.status).toBe("expired");
    expect(page.approval.decisions).toHaveLength(1);
  });

  it("never expires a request unannounced: overdue for both at once, it is reminded, then expired", async () => {
    const [a] = approvers as [(typeof approvers)[0]];
    const { id } = await pendingOrder([[a.id]]);
    await t.db
      .update(approval_requests)
      .set({ tier_started: sql`now() - make_interval(days => 30)` })
      .where(eq(approval_requests.order_id, id));
    // Not due to expire before its reminder is sent: another process's run may list expiries first.
    const [request] = await t.db.select().from(approval_requests).where(eq(approval_requests.order_id, id));
    expect((await listDueExpiries(t.db, 7, 1000)).map((r) => r.id)).not.toContain(request?.id);
    expect(await t.app.approvals.runDue()).toMatchObject({ reminded: 1, expired: 1 });
    const kinds = (await t.db.select().from(email_outbox))
      .filter((m) => m.text.includes(`#${id} `) && m.kind.startsWith("approval"))
      .map((m) => m.kind)
      .sort();
    expect(kinds).toEqual(["approval_decision", "approval_reminder", "approval_request"]);
    expect(await statusOf(id)).toBe(ORDER_STATUS.CANCELLED);
  });

  it("counts the reminder and the expiry in the days an administrator saved (decision 047), not the environment's", async () => {
    const [a] = approvers as [(typeof approvers)[0]];
    const settings = (await post("/api/settings/query", {}, t.admin)).json().data;
    const save = (remind: number, expire: number) =>
      post(
        "/api/settings/save",
        { ...settings, approval_remind_days: remind, approval_expire_days: expire, saved_at: undefined },
        t.admin,
      );
    expect((await save(5, 9)).statusCode).toBe(200);
    const { id } = await pendingOrder([[a.id]]);
    const age = (days: number) =>
      t.db
        .update(approval_requests)
        .set({ tier_started: sql`now() - make_interval(days => ${days})` })
        .where(eq(approval_requests.order_id, id));
    const reminded = async () =>
      (await t.db.select().from(approval_requests).where(eq(approval_requests.order_id, id)))[0]?.reminded_at;
    try {
      // 3 days: past the environment's 2, short of the saved 5.
      await age(3);
      await t.app.approvals.runDue();
      expect(await reminded()).toBeNull();
      await age(6);
      await t.app.approvals.runDue();
      expect(await reminded()).not.toBeNull();
      expect(await statusOf(id)).toBe(ORDER_STATUS.PENDING_APPROVAL);
      // Shorter days saved later apply to the next run: 6 days is past an expiry of 4.
      expect((await save(2, 4)).statusCode).toBe(200);
      await t.app.approvals.runDue();
      expect(await statusOf(id)).toBe(ORDER_STATUS.CANCELLED);
    } finally {
      await save(2, 7);
    }
  });
});
