import { displayProductName, type ProductListItem } from "@vetportal/contract";
import type { Database } from "../../db/client.ts";
import { deepFreeze } from "../../lib/cache.ts";
import * as repo from "./catalog.repository.ts";
import { canOrder, productImage } from "./product-view.ts";

/*
 * The catalogue as this process caches it (decision 017): every product of the customer with its
 * category, departments and price ranges, the rules that pick a user's products from it (the twins
 * of the SQL scope in db/sql/product-scope.ts) and the memo of whole answers built from it.
 */

type Product = Awaited<ReturnType<typeof repo.loadCatalogue>>["rows"][number]["product"];

/** A product as the catalogue cache holds it. */
export interface CataloguedProduct extends Product {
  category: string;
  categoryActive: boolean;
  /** Departments it is restricted to; empty: every department. */
  departments: number[];
  priceRanges: { min_quantity: number; max_quantity: number | null; price_cents: number }[];
}

/** The cached catalogue: products in list order (name, id), and categories in their configured order. */
export interface Catalogue {
  products: CataloguedProduct[];
  byId: Map<number, CataloguedProduct>;
  categories: Awaited<ReturnType<typeof repo.loadCatalogue>>["categories"];
}

export async function loadCatalogue(db: Database, customerId: number): Promise<Catalogue> {
  const { rows, departments, ranges, categories } = await repo.loadCatalogue(db, customerId);
  const products = rows.map(
    ({ product, category, categoryActive }): CataloguedProduct => ({
      ...product,
      category,
      categoryActive,
      departments: [],
      priceRanges: [],
    }),
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const d of departments) byId.get(d.product_id)?.departments.push(d.department_id);
  for (const { product_id, ...range } of ranges) byId.get(product_id)?.priceRanges.push(range);
  return deepFreeze({ products, byId, categories });
}

/**
 * A product is visible to a department when it lists no departments at all, or lists this one
 * (the twin of catalog.repository's visibleToDepartment).
 */
export const visibleToDepartment = (departments: readonly number[], departmentId: number | null) =>
  departments.length === 0 || (departmentId !== null && departments.includes(departmentId));

/** The twin of catalog.repository's productScopeWhere, over the cached catalogue. */
export function isInScope(p: CataloguedProduct, scope: repo.ProductScope): boolean {
  if (p.customer_id !== scope.customerId || scope.hiddenCategoryIds.includes(p.product_category_id)) return false;
  return scope.isAdmin || (p.is_active && p.categoryActive && visibleToDepartment(p.departments, scope.departmentId));
}

/** `ilike '%text%'` (case-insensitive substring) over the cached catalogue. */
export const contains = (value: string, text: string) => value.toLowerCase().includes(text.toLowerCase());

export function toListItem(p: CataloguedProduct, stock: number, categoryId?: number): ProductListItem {
  return {
    id: p.id,
    name: p.name,
    display_name: displayProductName(p.name, p.product_category_id),
    product_category_id: p.product_category_id,
    customer_sku: p.customer_sku,
    is_in_inventory: p.is_in_inventory,
    quickbooks_type_id: p.quickbooks_type_id,
    actual_inventory: stock,
    additional_info: p.additional_info,
    is_active: p.is_active,
    package_quantity: p.package_quantity,
    min_quantity: p.min_quantity,
    max_quantity: p.max_quantity,
    image_url: productImage(p, categoryId),
    can_order: canOrder({
      is_in_inventory: p.is_in_inventory,
      no_order_below_zero_inventory: p.no_order_below_zero_inventory,
      actual_inventory: stock,
    }),
  };
}

/** Maps with the same entries (a stock read that changed nothing keeps the cached pages). */
export function sameEntries<K, V>(a: Map<K, V>, b: Map<K, V>) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** Answers kept per catalogue (and stock) reading: one per scope and filter; bounded against odd filters. */
const MAX_PAGES = 1_000;

/**
 * Whole answers, frozen, so that app.ts serializes each only once; kept while the values they were
 * built from (compared by identity) stay the same.
 */
export function pageMemo() {
  let builtFrom: unknown[] = [];
  let pages = new Map<string, unknown>();
  return <T>(from: unknown[], key: string, build: () => T): T => {
    if (pages.size >= MAX_PAGES || from.some((value, i) => value !== builtFrom[i])) {
      builtFrom = from;
      pages = new Map();
    }
    let page = pages.get(key) as T | undefined;
    if (page === undefined) {
      page = deepFreeze(build());
      pages.set(key, page);
    }
    return page;
  };
}
