import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  product_categories,
  product_departments,
  product_images,
  product_price_ranges,
  products,
} from "../../db/schema/index.ts";

/**
 * A new product's id, from the column's identity sequence (migration 0016): never the same for two
 * callers, however many add products at once (decision 027). Taken before the insert because the
 * image path is built from it.
 */
export async function nextProductId(db: Executor): Promise<number> {
  const { rows } = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("no product id allocated");
  return id;
}

export async function categoryExists(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: product_categories.id })
    .from(product_categories)
    .where(and(eq(product_categories.id, id), eq(product_categories.customer_id, customerId)));
  return row !== undefined;
}

export async function insertProduct(db: Executor, values: typeof products.$inferInsert) {
  await db.insert(products).values(values);
}

export async function updateProduct(
  db: Executor,
  customerId: number,
  id: number,
  values: Partial<typeof products.$inferInsert>,
) {
  const rows = await db
    .update(products)
    .set(values)
    .where(and(eq(products.id, id), eq(products.customer_id, customerId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function replacePriceRanges(
  db: Executor,
  productId: number,
  ranges: { min_quantity: number; max_quantity: number | null; price_cents: number }[],
) {
  await db.delete(product_price_ranges).where(eq(product_price_ranges.product_id, productId));
  await db.insert(product_price_ranges).values(ranges.map((r) => ({ ...r, product_id: productId })));
}

export async function replaceDepartments(db: Executor, productId: number, departmentIds: number[]) {
  await db.delete(product_departments).where(eq(product_departments.product_id, productId));
  if (departmentIds.length) {
    await db
      .insert(product_departments)
      .values(departmentIds.map((department_id) => ({ product_id: productId, department_id })));
  }
}

export async function insertImage(db: Executor, productId: number, contentType: string, data: Buffer) {
  const [row] = await db
    .insert(product_images)
    .values({ product_id: productId, content_type: contentType, data })
    .returning({ id: product_images.id });
  if (!row) throw new Error("image not stored");
  return row.id;
}

export async function findImage(db: Executor, id: number) {
  const [row] = await db.select().from(product_images).where(eq(product_images.id, id));
  return row;
}

/** Every product of the customer for the CSV export (ID, Name, SKU), optionally one category. */
export async function listForExport(db: Executor, customerId: number, categoryId?: number) {
  return db
    .select({ id: products.id, name: products.name, sku: products.customer_sku })
    .from(products)
    .where(
      and(eq(products.customer_id, customerId), categoryId ? eq(products.product_category_id, categoryId) : undefined),
    )
    .orderBy(asc(products.name), asc(products.id));
}

export async function findProductRow(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.customer_id, customerId)));
  return row;
}

/**
 * A product as the audit trail records it, its row locked for the transaction: the fields the form
 * edits, its image, its price tiers and its departments (none: undefined).
 */
export async function lockAuditedProduct(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.customer_id, customerId)))
    .for("update");
  if (!row) return undefined;
  const [prices, departments] = await Promise.all([
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
      .where(eq(product_departments.product_id, id))
      .orderBy(asc(product_departments.department_id)),
  ]);
  return { row, price_ranges: prices, department_list: departments.map((d) => d.id) };
}
