import { CATEGORY } from "@vetportal/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, NY_PRACTICE, signInAdmin, signInPractice } from "../../../test/helpers.ts";
import { products } from "../../db/schema/index.ts";

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
    expect(variant.body).toContain("NEW CLIENT KITS EDITION");
    expect(variant.body).not.toBe((await t.app.inject({ method: "GET", url: "/media/products/144048.svg" })).body);
  });
});
