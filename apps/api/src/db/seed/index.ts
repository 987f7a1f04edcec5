import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import * as t from "../schema/index.ts";
import { random } from "./random.ts";
import { DEMO_PROGRAMME, demoAllotments, demoUseTargets, seedAllowances } from "./seed-allowances.ts";
import { seedApprovals } from "./seed-approvals.ts";
import { seedCatalog } from "./seed-catalog.ts";
import { seedOrderHistory } from "./seed-orders.ts";
import { DEMO_ADMIN, seedCustomer, seedDepartments, seedPractices, seedStaff } from "./seed-people.ts";
import { seedPrint } from "./seed-print.ts";
import { seedProduction } from "./seed-production.ts";
import { programmeOrders } from "./seed-programme-orders.ts";

export { DEMO_ADMIN };

export interface SeedOptions {
  customerId: number;
  /** Months of order history to generate (at least 12 so reports have a year of data). */
  months?: number;
  /** "Now" for the generated history; defaults to the current time. */
  now?: Date;
  /** Random seed, so the same options always give the same data. */
  seed?: number;
}

/**
 * Loads the demo data set on an empty database, in one transaction. Does nothing when the
 * customer already has users, so it is safe to call on every start. The reference rows (order
 * statuses, user levels, delivery methods, customer 1850 and its delivery methods) come from the
 * migrations (0017, decision 029); the seed writes only demo data.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<{ seeded: boolean; orders: number }> {
  const existing = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.customer_id, options.customerId))
    .limit(1);
  if (existing.length) return { seeded: false, orders: 0 };
  const adminHash = await hash(DEMO_ADMIN.password);
  let orderCount = 0;
  await db.transaction(async (tx) => {
    orderCount = await seedInto(tx, options, adminHash);
  });
  return { seeded: true, orders: orderCount };
}

/** The steps in the order they draw from the one random sequence (the same seed, the same data). */
async function seedInto(db: Executor, options: SeedOptions, adminHash: string): Promise<number> {
  const ctx = { db, rnd: random(options.seed ?? 1850), customerId: options.customerId };
  const now = options.now ?? new Date();
  const months = Math.max(12, options.months ?? 14);
  const methods = await seedCustomer(ctx);
  const { deptId, costCentersOf } = await seedDepartments(ctx);
  await seedStaff(ctx, adminHash, deptId);
  const practices = await seedPractices(ctx, deptId);
  const products = await seedCatalog(ctx, deptId);
  const allotments = demoAllotments(practices, deptId);
  // The history, then this quarter's client-education orders that put the programme in use.
  const addOrders = programmeOrders({
    categories: DEMO_PROGRAMME.categories,
    targets: demoUseTargets(allotments),
  });
  const history = { now, months, methods, practices, products, costCentersOf, addOrders };
  const orders = await seedOrderHistory(ctx, history);
  await seedAllowances(ctx, { now, deptId, practices, allotments });
  await seedApprovals(ctx, adminHash, deptId);
  await seedPrint(ctx);
  await seedProduction(ctx, now);
  return orders + 1;
}
