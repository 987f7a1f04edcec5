import { and, eq, notInArray, or, sql } from "drizzle-orm";
import type { Bound } from "../prepared.ts";
import { products } from "../schema/index.ts";
import { idsIn } from "./ids.ts";

/*
 * Which products a user may see, as SQL: used by the catalogue's and the order placing's
 * repositories (a fragment both modules' queries share lives here, not in either module).
 */

/**
 * A product is visible to a department when it lists no departments at all, or lists this one
 * (product department visibility, SPEC §3 department_list).
 */
export function visibleToDepartment(departmentId: Bound<number> | null) {
  // Plain SQL names: inside a subquery drizzle would leave the outer column unqualified.
  const unrestricted = sql`not exists (select 1 from product_departments pd where pd.product_id = products.id)`;
  if (departmentId === null) return unrestricted;
  return or(
    unrestricted,
    sql`exists (select 1 from product_departments pd where pd.product_id = products.id and pd.department_id = ${departmentId})`,
  );
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

/**
 * A scope whose values may be placeholders, for a statement prepared by shape (decision 038): its
 * shape is `isAdmin` and whether `departmentId` is null; a placeholder of the hidden categories is
 * bound to their JSON text.
 */
export interface BoundProductScope {
  customerId: Bound<number>;
  hiddenCategoryIds: Bound<number[]>;
  departmentId: Bound<number> | null;
  isAdmin: boolean;
}

function notHidden(hidden: Bound<number[]>) {
  if (!Array.isArray(hidden)) return sql`${products.product_category_id} not in ${idsIn(hidden)}`;
  return hidden.length ? notInArray(products.product_category_id, hidden) : undefined;
}

export function productScopeWhere(scope: BoundProductScope) {
  return and(
    eq(products.customer_id, scope.customerId),
    notHidden(scope.hiddenCategoryIds),
    scope.isAdmin ? undefined : eq(products.is_active, true),
    scope.isAdmin ? undefined : visibleToDepartment(scope.departmentId),
    scope.isAdmin
      ? undefined
      : sql`exists (select 1 from product_categories pc where pc.id = products.product_category_id and pc.is_active)`,
  );
}
