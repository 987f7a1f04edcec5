import { ORDER_STATUS, USER_LEVEL } from "@vetportal/contract";
import { and, desc, eq } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { SeedContext } from "./context.ts";

/** The demo approver (README "Demo accounts"): signs in like staff, with the administrator's demo password. */
export const DEMO_APPROVER = { email: "approver@vetportal.example" } as const;
/** The demo practice whose every order needs approval. */
export const FLAGGED_PRACTICE = "Brooklyn Heights Pet Clinic";

/**
 * Approvals to try (issue 23 §2): an approver, rules (over the allowance and a flagged practice for
 * the whole customer; orders over $300 in the Shelter Medicine Program, in two tiers), and the
 * flagged practice's latest Active order turned into one waiting for approval (its stock was taken
 * by the order history's ledger already, so it stays held).
 */
export async function seedApprovals(
  { db, customerId }: SeedContext,
  passwordHash: string,
  deptId: (name: string) => number,
) {
  const [approver] = await db
    .insert(t.users)
    .values({
      customer_id: customerId,
      first_name: "Jordan",
      last_name: "Reyes",
      email: DEMO_APPROVER.email,
      password_hash: passwordHash,
      phone: "800-555-0140",
      title: "Programme Manager",
      representation: "Programme Office",
      user_level_id: USER_LEVEL.USER,
      department_id: deptId("Practice Development"),
      is_approver: true,
    })
    .returning({ id: t.users.id });
  if (!approver) throw new Error("approver not inserted");
  const [flagged] = await db
    .update(t.users)
    .set({ requires_approval: true })
    .where(and(eq(t.users.customer_id, customerId), eq(t.users.representation, FLAGGED_PRACTICE)))
    .returning({ id: t.users.id });
  const rules = await db
    .insert(t.approval_rules)
    .values([
      { customer_id: customerId, name: "Over the allowance", kind: "over_allowance", tiers: [[approver.id]] },
      { customer_id: customerId, name: "Flagged practices", kind: "flagged_user", tiers: [[approver.id]] },
      {
        customer_id: customerId,
        department_id: deptId("Shelter Medicine Program"),
        name: "Shelter orders over $300",
        kind: "order_total",
        amount_cents: 30_000,
        tiers: [[approver.id], [1]],
      },
    ])
    .returning({ id: t.approval_rules.id, kind: t.approval_rules.kind });
  if (!flagged) return;
  const [order] = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.user_id, flagged.id), eq(t.orders.order_status_id, ORDER_STATUS.ACTIVE)))
    .orderBy(desc(t.orders.created))
    .limit(1);
  if (!order) return;
  await db.update(t.orders).set({ order_status_id: ORDER_STATUS.PENDING_APPROVAL }).where(eq(t.orders.id, order.id));
  await db
    .update(t.order_status_history)
    .set({ order_status_id: ORDER_STATUS.PENDING_APPROVAL })
    .where(
      and(
        eq(t.order_status_history.order_id, order.id),
        eq(t.order_status_history.order_status_id, ORDER_STATUS.ACTIVE),
      ),
    );
  const rule = rules.find((r) => r.kind === "flagged_user");
  await db.insert(t.approval_requests).values({
    order_id: order.id,
    customer_id: customerId,
    reasons: [{ rule_id: rule?.id ?? 0, kind: "flagged_user", text: "Every order of this practice needs approval" }],
    approvers: [[approver.id]],
  });
}
