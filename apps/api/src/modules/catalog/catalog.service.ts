import {
  CATEGORY,
  type Category,
  type CategoryListRequest,
  displayProductName,
  NY_STATE,
  PRODUCT_CATEGORY_THUMBNAIL,
  PRODUCTS_2217,
  type ProductDetail,
  type ProductListItem,
  type ProductListRequest,
} from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { estimatedShipDay, formatUsDate } from "../../lib/business-days.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import * as repo from "./catalog.repository.ts";

/**
 * Category ids a user may not see (SPEC §9): New York practices see 2217 and not 2100, everyone
 * else the reverse. Administrators see every category (they manage them all).
 */
export async function hiddenCategoryIds(db: Database, user: SessionUser): Promise<number[]> {
  if (user.isAdmin) return [];
  const state = await repo.findUserState(db, user.userId);
  return state?.toUpperCase() === NY_STATE ? [CATEGORY.NON_NY] : [CATEGORY.NY_ONLY];
}

/** What products the user may see (category visibility by state, department visibility, active). */
export async function productScopeFor(db: Database, config: Config, user: SessionUser): Promise<repo.ProductScope> {
  return {
    customerId: config.CUSTOMER_ID,
    hiddenCategoryIds: await hiddenCategoryIds(db, user),
    departmentId: user.departmentId,
    isAdmin: user.isAdmin,
  };
}

/** SPEC §5: Add To Cart only if the product does not forbid ordering below zero, or has stock. */
export const canOrder = (p: {
  is_in_inventory: boolean;
  no_order_below_zero_inventory: boolean;
  actual_inventory: number;
}) => !p.is_in_inventory || !p.no_order_below_zero_inventory || p.actual_inventory > 0;

/** Product image; 144048's thumbnail depends on the category it is listed in (SPEC §9). */
export function productImage(p: { id: number; image_url: string | null }, categoryId?: number): string {
  const base = p.image_url ?? `/media/products/${p.id}.svg`;
  return p.id === PRODUCT_CATEGORY_THUMBNAIL && categoryId !== undefined ? `${base}?category=${categoryId}` : base;
}

type ListRow = Awaited<ReturnType<typeof repo.listProducts>>["rows"][number];

function toListItem(p: ListRow, categoryId?: number): ProductListItem {
  return {
    id: p.id,
    name: p.name,
    display_name: displayProductName(p.name, p.product_category_id),
    product_category_id: p.product_category_id,
    customer_sku: p.customer_sku,
    is_in_inventory: p.is_in_inventory,
    quickbooks_type_id: p.quickbooks_type_id,
    actual_inventory: p.actual_inventory,
    additional_info: p.additional_info,
    is_active: p.is_active,
    package_quantity: p.package_quantity,
    min_quantity: p.min_quantity,
    max_quantity: p.max_quantity,
    image_url: productImage(p, categoryId),
    can_order: canOrder(p),
  };
}

export function createCatalogService(db: Database, config: Config) {
  return {
    /**
     * A category's products, or a case-insensitive name search across everything the user may
     * see, ordered by name. Category 2217 lists only its three programme products, in their order.
     */
    async listProducts(user: SessionUser, filter: ProductListRequest) {
      const scope = await productScopeFor(db, config, user);
      const only2217 = filter.product_category_id === CATEGORY.NY_ONLY;
      const { rows, total } = await repo.listProducts(db, scope, {
        categoryId: filter.product_category_id,
        name: filter.name,
        quickbooksTypeId: filter.quickbooks_type_id,
        onlyIds: only2217 ? PRODUCTS_2217 : undefined,
        limit: filter.limit,
        offset: filter.offset,
      });
      const ordered = only2217
        ? [...rows].sort((a, b) => PRODUCTS_2217.indexOf(a.id as never) - PRODUCTS_2217.indexOf(b.id as never))
        : rows;
      return { items: ordered.map((p) => toListItem(p, filter.product_category_id)), total };
    },

    /** One product the user may see, with its estimated shipping date; 404 otherwise. */
    async getProduct(user: SessionUser, id: number, categoryId?: number, now = new Date()): Promise<ProductDetail> {
      const found = await repo.findProduct(db, await productScopeFor(db, config, user), id);
      if (!found) throw new AppError("NOT_FOUND", "This product does not exist or is not available to you.");
      const p = found.product;
      return {
        ...toListItem(p, categoryId),
        created: p.created.toISOString(),
        customer_id: p.customer_id,
        description_1: p.description_1,
        is_customizable: p.is_customizable,
        is_mailable: p.is_mailable,
        no_upload: p.no_upload,
        show_inventory: p.show_inventory,
        use_quantities_dropdown: p.use_quantities_dropdown,
        no_order_below_zero_inventory: p.no_order_below_zero_inventory,
        pick_fees: p.pick_fee_cents,
        quantity_list: p.quantity_list,
        modifier: p.modifier,
        category: found.category,
        cutoff_time: p.cutoff_time,
        apparel_sizes: p.apparel_sizes,
        price_ranges: found.ranges,
        department_list: found.departments,
        low_inventory_amount: p.low_inventory_amount,
        estimate_delivery_date: formatUsDate(estimatedShipDay(now, p.cutoff_time)),
        large_order_email: config.LARGE_ORDER_EMAIL,
      };
    },

    async listCategories(user: SessionUser, filter: CategoryListRequest): Promise<Category[]> {
      const rows = await repo.listCategories(db, {
        customerId: config.CUSTOMER_ID,
        hiddenIds: await hiddenCategoryIds(db, user),
        onlyWithProducts: filter.exclude_no_product ?? false,
        departmentId: user.departmentId,
        isAdmin: user.isAdmin,
        name: filter.name,
        id: filter.product_category_id,
        isActive: filter.is_active,
      });
      // 2214 is always listed last (SPEC §9); the rest keep their configured order.
      const ordered = [
        ...rows.filter((c) => c.id !== CATEGORY.SHARING),
        ...rows.filter((c) => c.id === CATEGORY.SHARING),
      ];
      return ordered.map((c) => ({
        id: c.id,
        name: c.name,
        subtitle: c.subtitle,
        image_url: `/media/categories/${c.id}.svg`,
      }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
