import { periodStart, portalDay } from "@vetportal/contract";
import * as t from "../schema/index.ts";
import type { SeedContext } from "./context.ts";

/**
 * The demo's allowance programme (issue 23 §1): "Client education", quarterly, in packs of the New
 * Client Kits, 40 packs a practice; the Shelter Medicine Program's practices inherit 60 and the
 * Veterinary Sales East ones 30 (department defaults); over the balance the order needs approval.
 * The second demo practice has its own 25 for this quarter. Other accounts open when first used.
 * No draw on the random sequence, so the rest of the demo data is unchanged.
 */
export async function seedAllowances(
  { db, customerId }: SeedContext,
  input: { now: Date; deptId: (name: string) => number; practiceIds: number[] },
) {
  const [programme] = await db
    .insert(t.allowance_programmes)
    .values({
      customer_id: customerId,
      name: "Client education",
      period: "quarter",
      unit: "packs",
      scope: "categories",
      scope_ids: [2100],
      over_balance: "approval",
      rollover: false,
      warning_percent: 80,
      default_allotted: 40,
    })
    .returning({ id: t.allowance_programmes.id });
  if (!programme) return;
  await db.insert(t.allowance_department_defaults).values([
    { programme_id: programme.id, department_id: input.deptId("Shelter Medicine Program"), allotted: 60 },
    { programme_id: programme.id, department_id: input.deptId("Veterinary Sales East"), allotted: 30 },
  ]);
  const own = input.practiceIds[1];
  if (own === undefined) return;
  const [account] = await db
    .insert(t.allowance_accounts)
    .values({
      programme_id: programme.id,
      user_id: own,
      period_start: periodStart("quarter", portalDay(input.now)),
      allotted: 25,
      own: true,
      balance: 25,
    })
    .returning({ id: t.allowance_accounts.id });
  if (account) {
    await db
      .insert(t.allowance_ledger)
      .values({ account_id: account.id, kind: "allotment", delta: 25, reason: "Allocation set" });
  }
}
