import { CATEGORY } from "@vetportal/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, NY_PRACTICE, signInAdmin, signInPractice, testConfig } from "../../../test/helpers.ts";
import { departments, product_categories, product_departments, products } from "../../db/schema/index.ts";
import { createCaches } from "../../lib/cache.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { createAuditService } from "../audit/audit.service.ts";
import { createSettingsService } from "../settings/settings.service.ts";
import { listProductsByIds } from "./catalog.repository.ts";
import { createCatalogService } from "./catalog.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function categories(token: string, body: unknown = { exclude_no_product: 1 }) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/product/categories",
    payload: body as never,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; name: string; subtitle: string | null; image_url: string }[];
}

describe("POST /api/product/categories", () => {
  it("shows 2100 and hides 2217 for a practice outside New York", async () => {
    const ids = (await categories((await signInPractice(t.app)).access_token)).map((c) => c.id);
    expect(ids).toContain(CATEGORY.NON_NY);
    expect(ids).not.toContain(CATEGORY.NY_ONLY);
    expect(ids.length).toBeGreaterThanOrEqual(10);
  });

  it("shows 2217 and hides 2100 for a New York practice", async () => {
    const ids = (await categories((await signInPractice(t.app, NY_PRACTICE)).access_token)).map((c) => c.id);
    expect(ids).toContain(CATEGORY.NY_ONLY);
    expect(ids).not.toContain(CATEGORY.NON_NY);
  });

  it("enforces the rule on the server whatever the payload asks for", async () => {
    const token = (await signInPractice(t.app)).access_token;
    expect(await categories(token, { product_category_id: CATEGORY.NY_ONLY })).toEqual([]);
  });

  it("sorts 2214 last and gives the spec's subtitles", async () => {
    const list = await categories((await signInPractice(t.app)).access_token);
    expect(list.at(-1)?.id).toBe(CATEGORY.SHARING);
    expect(list.find((c) => c.id === CATEGORY.NON_NY)?.subtitle).toBe("Ideal for puppy/kitten or new clients kits");
    expect(list.at(-1)?.subtitle).toMatch(/^Ideal for sharing/);
    expect(list[0]?.image_url).toMatch(/^\/media\/categories\/\d+\.svg$/);
  });

  it("leaves out categories without active products when exclude_no_product is 1", async () => {
    const token = (await signInPractice(t.app)).access_token;
    await t.db.update(products).set({ is_active: false }).where(eq(products.product_category_id, 2106));
    try {
      expect((await categories(token)).map((c) => c.id)).not.toContain(2106);
      expect((await categories(token, { exclude_no_product: 0 })).map((c) => c.id)).toContain(2106);
    } finally {
      await t.db.update(products).set({ is_active: true }).where(eq(products.product_category_id, 2106));
    }
  });

  it("filters by name and accepts an empty body", async () => {
    const token = (await signInPractice(t.app)).access_token;
    expect((await categories(token, { name: "dental" })).map((c) => c.name)).toEqual(["Dental Health"]);
    const res = await t.app.inject({ method: "POST", url: "/api/product/categories", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });

  it("shows every category to an administrator", async () => {
    const ids = (await categories((await signInAdmin(t.app)).access_token, { exclude_no_product: 0 })).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([CATEGORY.NON_NY, CATEGORY.NY_ONLY, CATEGORY.SHARING]));
  });

  it("rejects a malformed filter with 400", async () => {
    const token = (await signInPractice(t.app)).access_token;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/product/categories",
      payload: { product_category_id: "abc" },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("product_category_id");
  });

  it("needs a token", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/product/categories", payload: {} })).statusCode).toBe(401);
  });
});

describe("generated images", () => {
  it("serves category and product covers without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/media/categories/2100.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.body).toContain("New Client Kits");
    expect((await t.app.inject({ method: "GET", url: "/media/products/144048.svg" })).body).toContain(
      "Puppy Starter Kit",
    );
    expect((await t.app.inject({ method: "GET", url: "/media/products/1.svg" })).statusCode).toBe(404);
    // 144048's thumbnail depends on the category it is listed in.
    const variant = await t.app.inject({ method: "GET", url: "/media/products/144048.svg?category=2100" });
    expect(variant.body).toContain("<title>Puppy Starter Kit Folder, New Client Kits edition</title>");
    expect(variant.body).not.toBe((await t.app.inject({ method: "GET", url: "/media/products/144048.svg" })).body);
  });
});

describe("generated images, revalidated", () => {
  it("answers 304 to a browser that has the current cover, and the new cover after a change", async () => {
    const url = "/media/categories/2101.svg";
    const first = await t.app.inject({ method: "GET", url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    const [category] = await t.db.select().from(product_categories).where(eq(product_categories.id, 2101));
    await t.db.update(product_categories).set({ name: "Renamed Category" }).where(eq(product_categories.id, 2101));
    try {
      const changed = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toContain("Renamed Category");
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await t.db.update(product_categories).set({ name: category?.name }).where(eq(product_categories.id, 2101));
    }
  });
});

/** A catalogue service of its own whose caches check the database at every use. */
function uncachedCatalog() {
  const config = testConfig();
  const caches = createCaches(t.db, 0);
  const audit = createAuditService({ database: t.database, settings: config });
  const portalSettings = createSettingsService({ db: t.db, settings: config, caches, audit });
  return { config, catalog: createCatalogService({ db: t.db, settings: config, caches, portalSettings }) };
}

describe("the cached catalogue", () => {
  it("shows every kind of user exactly the products that ordering's SQL scope allows", async () => {
    const { config, catalog } = uncachedCatalog();
    const [d1, d2] = (await t.db.select({ id: departments.id }).from(departments).limit(2)).map((d) => d.id);
    const all = await t.db.select({ id: products.id, category: products.product_category_id }).from(products);
    const ids = all.map((p) => p.id);
    // Every rule at work: department-restricted products, an inactive product, an inactive category.
    const seeded = new Set(
      (await t.db.select({ id: product_departments.product_id }).from(product_departments)).map((r) => r.id),
    );
    const [restricted1, restricted2, both, inactive] = ids.filter((id) => !seeded.has(id));
    const closedCategory = all.find((p) => p.category !== CATEGORY.NON_NY && p.category !== CATEGORY.NY_ONLY)?.category;
    if (!d1 || !d2 || !restricted1 || !restricted2 || !both || !inactive || !closedCategory)
      throw new Error("seed too small");
    await t.db.insert(product_departments).values([
      { product_id: restricted1, department_id: d1 },
      { product_id: restricted2, department_id: d2 },
      { product_id: both, department_id: d1 },
      { product_id: both, department_id: d2 },
    ]);
    await t.db.update(products).set({ is_active: false }).where(eq(products.id, inactive));
    await t.db.update(product_categories).set({ is_active: false }).where(eq(product_categories.id, closedCategory));
    try {
      for (const isAdmin of [false, true])
        for (const state of ["NY", "ca", null])
          for (const departmentId of [null, d1, d2]) {
            const user: SessionUser = {
              sessionId: 0,
              userId: 0,
              customerId: config.CUSTOMER_ID,
              userLevelId: isAdmin ? 3 : 1,
              departmentId,
              isAdmin,
              authMethod: isAdmin ? "password" : "address",
              state,
            };
            const allowed = (await listProductsByIds(t.db, catalog.scopeFor(user), ids)).map((p) => p.id).sort();
            const listed = (await catalog.listProducts(user, { limit: 500, offset: 0 })).data.map((p) => p.id).sort();
            expect(listed, JSON.stringify(user)).toEqual(allowed);
            for (const id of [restricted1, restricted2, both, inactive]) {
              const shown = await catalog.getProduct(user, id).then(
                () => true,
                () => false,
              );
              expect(shown, `${id} for ${JSON.stringify(user)}`).toBe(allowed.includes(id));
            }
          }
    } finally {
      await t.db
        .delete(product_departments)
        .where(inArray(product_departments.product_id, [restricted1, restricted2, both]));
      await t.db.update(products).set({ is_active: true }).where(eq(products.id, inactive));
      await t.db.update(product_categories).set({ is_active: true }).where(eq(product_categories.id, closedCategory));
    }
  });
});

describe("a product's answer, kept whole between requests", () => {
  it("follows the stock and the shipping date, and is the same answer while they stay", async () => {
    const { config, catalog } = uncachedCatalog();
    const user: SessionUser = {
      sessionId: 0,
      userId: 0,
      customerId: config.CUSTOMER_ID,
      userLevelId: 3,
      departmentId: null,
      isAdmin: true,
      authMethod: "password",
      state: null,
    };
    const [product] = await t.db
      .select({ id: products.id, stock: products.actual_inventory, cutoff: products.cutoff_time })
      .from(products)
      .where(eq(products.customer_id, config.CUSTOMER_ID))
      .limit(1);
    if (!product) throw new Error("no product");
    // Friday 2026-11-20: a minute before the cut-off in New York (EST), and the cut-off itself.
    const before = new Date(Date.UTC(2026, 10, 20, 16 + product.cutoff, 59));
    const atCutoff = new Date(Date.UTC(2026, 10, 20, 17 + product.cutoff, 0));
    const first = await catalog.getProduct(user, product.id, undefined, before);
    expect(first.data.estimate_delivery_date).toBe("11/20/2026");
    expect(await catalog.getProduct(user, product.id, undefined, before)).toBe(first);
    expect((await catalog.getProduct(user, product.id, undefined, atCutoff)).data.estimate_delivery_date).toBe(
      "11/23/2026",
    );
    await t.db
      .update(products)
      .set({ actual_inventory: product.stock + 7 })
      .where(eq(products.id, product.id));
    try {
      const restocked = await catalog.getProduct(user, product.id, undefined, before);
      expect(restocked.data.actual_inventory).toBe(product.stock + 7);
      expect(restocked.data.estimate_delivery_date).toBe("11/20/2026");
    } finally {
      await t.db.update(products).set({ actual_inventory: product.stock }).where(eq(products.id, product.id));
    }
  });
});
