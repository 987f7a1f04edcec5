import { PORTAL_TIME_ZONE, periodStart, portalDay } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { SeedContext } from "./context.ts";
import type { SeededPractice } from "./seed-people.ts";

/**
 * The demo's allowance programme (issue 23 §1): "Client education", quarterly, in packs of the New
 * Client Kits (2100), 40 packs a practice; the Shelter Medicine Program's practices inherit 60 and
 * the Veterinary Sales East ones 30 (department defaults); the second demo practice has its own 25.
 * Over the balance the order needs approval.
 */
export const DEMO_PROGRAMME = {
  name: "Client education",
  categories: [2100],
  defaultAllotted: 40,
  departments: { "Shelter Medicine Program": 60, "Veterinary Sales East": 30 } as Record<string, number>,
  /** Practices (by index) with an allocation of their own this quarter. */
  own: new Map([[1, 25]]),
} as const;

/**
 * The share of its allotment each demo practice has used this quarter (by practice index, cycling),
 * so the demo reads like a programme in use: Happy Paws 26 of its 40 packs ("14 of 40 packs left").
 */
const USED_SHARE = [0.65, 0.6, 0.5, 0.35, 0.45, 0.55, 0.3, 0.4, 0.5, 0.25];

/** Each demo practice's allotment this quarter: its own, else its department's default, else the programme's. */
export function demoAllotments(practices: SeededPractice[], deptId: (name: string) => number): number[] {
  const byDepartment = new Map(Object.entries(DEMO_PROGRAMME.departments).map(([name, n]) => [deptId(name), n]));
  return practices.map(
    (p, i) =>
      DEMO_PROGRAMME.own.get(i) ?? byDepartment.get(p.user.department_id ?? 0) ?? DEMO_PROGRAMME.defaultAllotted,
  );
}

/** What each demo practice should have used this quarter (the orders of seed-programme-orders.ts make it up). */
export const demoUseTargets = (allotments: number[]) =>
  allotments.map((allotted, i) => Math.round(allotted * (USED_SHARE[i % USED_SHARE.length] ?? 0.5)));

/**
 * The programme, its department defaults, and every demo practice's account of the current quarter
 * with its ledger: the allotment, then one row per line of each seeded order of the quarter in the
 * programme's scope (and a cancel row per cancelled part), as placing and cancelling write them, so
 * the ledger equals the orders and each balance is the sum of its ledger. Runs after the order
 * history is written; no draw on the random sequence.
 */
export async function seedAllowances(
  { db, customerId }: SeedContext,
  input: { now: Date; deptId: (name: string) => number; practices: SeededPractice[]; allotments: number[] },
) {
  const [programme] = await db
    .insert(t.allowance_programmes)
    .values({
      customer_id: customerId,
      name: DEMO_PROGRAMME.name,
      period: "quarter",
      unit: "packs",
      scope: "categories",
      scope_ids: [...DEMO_PROGRAMME.categories],
      over_balance: "approval",
      rollover: false,
      warning_percent: 80,
      default_allotted: DEMO_PROGRAMME.defaultAllotted,
    })
    .returning({ id: t.allowance_programmes.id });
  if (!programme) return;
  await db.insert(t.allowance_department_defaults).values(
    Object.entries(DEMO_PROGRAMME.departments).map(([name, allotted]) => ({
      programme_id: programme.id,
      department_id: input.deptId(name),
      allotted,
    })),
  );
  const start = periodStart("quarter", portalDay(input.now));
  const accounts = await db
    .insert(t.allowance_accounts)
    .values(
      input.practices.map((p, i) => ({
        programme_id: programme.id,
        user_id: p.user.id,
        period_start: start,
        allotted: input.allotments[i] ?? 0,
        own: DEMO_PROGRAMME.own.has(i),
        balance: input.allotments[i] ?? 0,
      })),
    )
    .returning({ id: t.allowance_accounts.id });
  if (accounts.length) await writeLedger(db, programme.id, start);
}

/** The quarter's ledger of every account of the programme, written from the orders, and the balances summed from it. */
async function writeLedger(db: SeedContext["db"], programmeId: number, start: string) {
  const a = t.allowance_accounts;
  const l = t.allowance_ledger;
  // The allotment at the start of the period (the portal's day), the reason as an administrator's would read.
  await db.execute(sql`insert into ${l} (account_id, kind, delta, reason, created, updated)
    select id, 'allotment', allotted, case when own then 'Allocation set' end,
      (period_start::timestamp at time zone ${PORTAL_TIME_ZONE}), (period_start::timestamp at time zone ${PORTAL_TIME_ZONE})
    from ${a} where programme_id = ${programmeId} and allotted <> 0 order by id`);
  const lines = sql`from ${a} acc
    join ${t.allowance_programmes} pg on pg.id = acc.programme_id
    join ${t.orders} o on o.user_id = acc.user_id and (o.created at time zone ${PORTAL_TIME_ZONE})::date >= ${start}::date
    join ${t.order_products} op on op.order_id = o.id
    join ${t.products} pr on pr.id = op.product_id and pr.product_category_id = any(pg.scope_ids)
    where acc.programme_id = ${programmeId}`;
  // Each line's use as placing writes it, then what a cancel gave back, an hour later as the history has it.
  await db.execute(sql`insert into ${l} (account_id, kind, delta, order_id, product_id, user_id, created, updated)
    select acc.id, 'order', -op.quantity, o.id, op.product_id, o.user_id, o.created, o.created ${lines}
    order by o.created, o.id, op.product_id`);
  await db.execute(sql`insert into ${l} (account_id, kind, delta, order_id, product_id, user_id, created, updated)
    select acc.id, 'cancel', op.cancelled_quantity, o.id, op.product_id, o.user_id,
      o.created + interval '1 hour', o.created + interval '1 hour' ${lines} and op.cancelled_quantity > 0
    order by o.created, o.id, op.product_id`);
  await db.execute(sql`update ${a} set balance = coalesce((select sum(delta) from ${l} where account_id = ${a.id}), 0)
    where programme_id = ${programmeId}`);
}
