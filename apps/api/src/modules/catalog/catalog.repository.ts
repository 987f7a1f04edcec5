import { and, asc, eq, exists, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { addresses, product_categories, product_departments, products, users } from "../../db/schema/index.ts";

/** The two-letter state of the user's first address, which decides category visibility (SPEC §9). */
export async function findUserState(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ state: addresses.state })
    .from(addresses)
    .where(and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, userId)))
    .orderBy(asc(addresses.id))
    .limit(1);
  return row?.state;
}

export async function findUserDepartment(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select({ department_id: users.department_id }).from(users).where(eq(users.id, userId));
  return row?.department_id ?? null;
}

/**
 * A product is visible to a department when it lists no departments at all, or lists this one
 * (product department visibility, SPEC §3 department_list).
 */
export function visibleToDepartment(departmentId: number | null) {
  const unrestricted = sql`not exists (select 1 from ${product_departments} where ${product_departments.product_id} = ${products.id})`;
  if (departmentId === null) return unrestricted;
  return or(
    unrestricted,
    sql`exists (select 1 from ${product_departments} where ${product_departments.product_id} = ${products.id} and ${product_departments.department_id} = ${departmentId})`,
  );
}

export async function listCategories(
  db: Executor,
  filter: {
    customerId: number;
    hiddenIds: number[];
    onlyWithProducts: boolean;
    departmentId: number | null;
    isAdmin: boolean;
    name?: string;
    id?: number;
    isActive?: boolean;
  },
) {
  const withProducts = exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(
        and(
          eq(products.product_category_id, product_categories.id),
          eq(products.is_active, true),
          filter.isAdmin ? undefined : visibleToDepartment(filter.departmentId),
        ),
      ),
  );
  return db
    .select({
      id: product_categories.id,
      name: product_categories.name,
      subtitle: product_categories.subtitle,
      sort_order: product_categories.sort_order,
    })
    .from(product_categories)
    .where(
      and(
        eq(product_categories.customer_id, filter.customerId),
        eq(product_categories.is_active, filter.isActive ?? true),
        filter.hiddenIds.length ? notInArray(product_categories.id, filter.hiddenIds) : undefined,
        filter.id !== undefined ? eq(product_categories.id, filter.id) : undefined,
        filter.name
          ? sql`${product_categories.name} ilike ${`%${filter.name.replace(/[\\%_]/g, "\\$&")}%`}`
          : undefined,
        filter.onlyWithProducts ? withProducts : undefined,
      ),
    )
    .orderBy(asc(product_categories.sort_order), asc(product_categories.name));
}
