import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import type { Bound } from "../../db/prepared.ts";
import {
  event_log,
  product_categories,
  product_departments,
  product_price_ranges,
  products,
} from "../../db/schema/index.ts";
import { priceTierColumns } from "../../db/sql/columns.ts";
import { idsIn } from "../../db/sql/ids.ts";
import { type BoundProductScope, type ProductScope, productScopeWhere } from "../../db/sql/product-scope.ts";

/**
 * Everything the catalogue cache holds (decision 017): every product of the customer with its
 * category's name and activity, ordered as lists show them (name, then id), with its departments
 * and price ranges, and every category of the customer in its configured order.
 */
export async function loadCatalogue(db: Executor, customerId: number) {
  const ofCustomer = eq(products.customer_id, customerId);
  const [rows, departments, ranges, categories] = await Promise.all([
    db
      .select({ product: products, category: product_categories.name, categoryActive: product_categories.is_active })
      .from(products)
      .innerJoin(product_categories, eq(product_categories.id, products.product_category_id))
      .where(ofCustomer)
      .orderBy(asc(products.name), asc(products.id)),
    db
      .select({ product_id: product_departments.product_id, department_id: product_departments.department_id })
      .from(product_departments)
      .innerJoin(products, eq(products.id, product_departments.product_id))
      .where(ofCustomer)
      .orderBy(asc(product_departments.product_id), asc(product_departments.department_id)),
    db
      .select(priceTierColumns)
      .from(product_price_ranges)
      .innerJoin(products, eq(products.id, product_price_ranges.product_id))
      .where(ofCustomer)
      .orderBy(
        asc(product_price_ranges.product_id),
        asc(product_price_ranges.min_quantity),
        asc(product_price_ranges.id),
      ),
    db
      .select({
        id: product_categories.id,
        name: product_categories.name,
        subtitle: product_categories.subtitle,
        is_active: product_categories.is_active,
      })
      .from(product_categories)
      .where(eq(product_categories.customer_id, customerId))
      .orderBy(asc(product_categories.sort_order), asc(product_categories.name)),
  ]);
  return { rows, departments, ranges, categories };
}

/** Every product's stock balance, which changes with every order (read fresh, decision 017). */
export function prepareListStock(db: Database, customerId: number) {
  const query = db
    .select({ id: products.id, actual_inventory: products.actual_inventory })
    .from(products)
    .where(eq(products.customer_id, sql.placeholder("customerId")))
    .orderBy(asc(products.id))
    .prepare("list_stock");
  return () => query.execute({ customerId });
}

/** Full rows of the given products that the scope allows (for ordering and reordering). */
export async function listProductsByIds(db: Executor, scope: ProductScope, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), productScopeWhere(scope)));
}

/**
 * Full rows of the products the scope allows whose SKU (customer_sku, without case or surrounding
 * spaces) is one of `keys` (already lower-cased and trimmed): quick order's lookup (decision 041).
 */
export async function listProductsBySkus(db: Executor, scope: ProductScope, keys: string[]) {
  if (!keys.length) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(sql`lower(trim(${products.customer_sku}))`, keys), productScopeWhere(scope)))
    .orderBy(asc(products.id));
}

export async function isInInventory(db: Executor, productId: number): Promise<boolean> {
  const [row] = await db.select({ tracked: products.is_in_inventory }).from(products).where(eq(products.id, productId));
  return row?.tracked ?? false;
}

export async function listPriceRanges(db: Executor, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .select(priceTierColumns)
    .from(product_price_ranges)
    .where(inArray(product_price_ranges.product_id, productIds));
}

export async function insertEvent(db: Executor, values: typeof event_log.$inferInsert) {
  await db.insert(event_log).values(values);
}

/** A product as an order or a quote reads it: its rules of quantity, stock, cut-off and pick fee. */
export type OrderedProduct = Pick<
  typeof products.$inferSelect,
  | "id"
  | "name"
  | "product_category_id"
  | "min_quantity"
  | "max_quantity"
  | "is_in_inventory"
  | "no_order_below_zero_inventory"
  | "actual_inventory"
  | "cutoff_time"
  | "pick_fee_cents"
  | "use_quantities_dropdown"
  | "quantity_list"
  | "is_customizable"
  | "blank_product_id"
  | "production_days"
>;
export type OrderPriceRange = Pick<
  typeof product_price_ranges.$inferSelect,
  "product_id" | "min_quantity" | "max_quantity" | "price_cents"
>;

/**
 * The products among those asked for that the user may order (the catalogue's scope), as a query
 * an order's or a quote's single read embeds (orders/placing.repository.ts, decision 018), with
 * values or with the placeholders of a statement prepared by shape.
 */
export function orderableProductsQuery(db: Database, scope: BoundProductScope, productIds: Bound<number[]>) {
  return db
    .select({
      id: products.id,
      name: products.name,
      product_category_id: products.product_category_id,
      min_quantity: products.min_quantity,
      max_quantity: products.max_quantity,
      is_in_inventory: products.is_in_inventory,
      no_order_below_zero_inventory: products.no_order_below_zero_inventory,
      actual_inventory: products.actual_inventory,
      cutoff_time: products.cutoff_time,
      pick_fee_cents: products.pick_fee_cents,
      use_quantities_dropdown: products.use_quantities_dropdown,
      quantity_list: products.quantity_list,
      // Made to order (issue 24 §4): no finished stock taken, a blank's perhaps, production days added.
      is_customizable: products.is_customizable,
      blank_product_id: products.blank_product_id,
      production_days: products.production_days,
    })
    .from(products)
    .where(and(sql`${products.id} in ${idsIn(productIds)}`, productScopeWhere(scope)));
}

/** The price ranges of the products asked for, as a query an order's or a quote's read embeds. */
export function priceRangesQuery(db: Database, productIds: Bound<number[]>) {
  return db
    .select(priceTierColumns)
    .from(product_price_ranges)
    .where(sql`${product_price_ranges.product_id} in ${idsIn(productIds)}`);
}

export type { BoundProductScope, ProductScope };
