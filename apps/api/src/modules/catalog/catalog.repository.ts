import { and, asc, eq, exists, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  addresses,
  event_log,
  product_categories,
  product_departments,
  product_price_ranges,
  products,
  users,
} from "../../db/schema/index.ts";

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
  // Plain SQL names: inside a subquery drizzle would leave the outer column unqualified.
  const unrestricted = sql`not exists (select 1 from product_departments pd where pd.product_id = products.id)`;
  if (departmentId === null) return unrestricted;
  return or(
    unrestricted,
    sql`exists (select 1 from product_departments pd where pd.product_id = products.id and pd.department_id = ${departmentId})`,
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
        filter.name ? sql`${product_categories.name} ilike ${`%${escapeLike(filter.name)}%`}` : undefined,
        filter.onlyWithProducts ? withProducts : undefined,
      ),
    )
    .orderBy(asc(product_categories.sort_order), asc(product_categories.name));
}

/** Conditions under which a product is visible to a user (used by listing, detail and ordering). */
export interface ProductScope {
  customerId: number;
  hiddenCategoryIds: number[];
  /** null: the user has no department, so only unrestricted products. */
  departmentId: number | null;
  /** Administrators see inactive products and every department's products. */
  isAdmin: boolean;
}

export function productScopeWhere(scope: ProductScope) {
  return and(
    eq(products.customer_id, scope.customerId),
    scope.hiddenCategoryIds.length ? notInArray(products.product_category_id, scope.hiddenCategoryIds) : undefined,
    scope.isAdmin ? undefined : eq(products.is_active, true),
    scope.isAdmin ? undefined : visibleToDepartment(scope.departmentId),
    scope.isAdmin
      ? undefined
      : sql`exists (select 1 from product_categories pc where pc.id = products.product_category_id and pc.is_active)`,
  );
}

const listColumns = {
  id: products.id,
  name: products.name,
  product_category_id: products.product_category_id,
  customer_sku: products.customer_sku,
  is_in_inventory: products.is_in_inventory,
  quickbooks_type_id: products.quickbooks_type_id,
  actual_inventory: products.actual_inventory,
  additional_info: products.additional_info,
  is_active: products.is_active,
  package_quantity: products.package_quantity,
  min_quantity: products.min_quantity,
  max_quantity: products.max_quantity,
  no_order_below_zero_inventory: products.no_order_below_zero_inventory,
  image_url: products.image_url,
};

export async function listProducts(
  db: Executor,
  scope: ProductScope,
  filter: {
    categoryId?: number;
    name?: string;
    quickbooksTypeId?: number;
    onlyIds?: readonly number[];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    productScopeWhere(scope),
    filter.categoryId !== undefined ? eq(products.product_category_id, filter.categoryId) : undefined,
    filter.quickbooksTypeId !== undefined ? eq(products.quickbooks_type_id, filter.quickbooksTypeId) : undefined,
    filter.name ? sql`${products.name} ilike ${`%${escapeLike(filter.name)}%`}` : undefined,
    filter.onlyIds ? inArray(products.id, [...filter.onlyIds]) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findProduct(db: Executor, scope: ProductScope, id: number) {
  const [row] = await db
    .select({ product: products, category: product_categories.name })
    .from(products)
    .innerJoin(product_categories, eq(product_categories.id, products.product_category_id))
    .where(and(eq(products.id, id), productScopeWhere(scope)));
  if (!row) return undefined;
  const [ranges, departments] = await Promise.all([
    db
      .select({
        min_quantity: product_price_ranges.min_quantity,
        max_quantity: product_price_ranges.max_quantity,
        price_cents: product_price_ranges.price_cents,
      })
      .from(product_price_ranges)
      .where(eq(product_price_ranges.product_id, id))
      .orderBy(asc(product_price_ranges.min_quantity)),
    db
      .select({ id: product_departments.department_id })
      .from(product_departments)
      .where(eq(product_departments.product_id, id)),
  ]);
  return { ...row, ranges, departments: departments.map((d) => d.id) };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/** Full rows of the given products that the scope allows (for ordering and reordering). */
export async function listProductsByIds(db: Executor, scope: ProductScope, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), productScopeWhere(scope)));
}

export async function isInInventory(db: Executor, productId: number): Promise<boolean> {
  const [row] = await db.select({ tracked: products.is_in_inventory }).from(products).where(eq(products.id, productId));
  return row?.tracked ?? false;
}

export async function findCategoryName(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: product_categories.name })
    .from(product_categories)
    .where(eq(product_categories.id, id));
  return row?.name;
}

export async function findProductCover(db: Executor, id: number) {
  const [row] = await db
    .select({ name: products.name, pack: products.package_quantity })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

export async function insertEvent(db: Executor, values: typeof event_log.$inferInsert) {
  await db.insert(event_log).values(values);
}
