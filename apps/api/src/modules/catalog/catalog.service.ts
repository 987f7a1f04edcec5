import { CATEGORY, type Category, type CategoryListRequest, NY_STATE } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
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

export function createCatalogService(db: Database, config: Config) {
  return {
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
