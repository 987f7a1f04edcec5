import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, NY_PRACTICE, queryRows, signInAdmin, signInPractice } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { products } from "../../db/schema/index.ts";

/**
 * The cart kept on the server (issue 11, decision 021): read, replace, merge at sign-in, update,
 * and cleared of the ordered lines by the order itself.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const makeProduct = productMaker(
  t,
  { id: 996_000, name: "Cart Leaflet" },
  { package_quantity: 25, max_quantity: 40, actual_inventory: 200 },
  [
    [1, 9, 900],
    [10, null, 700],
  ],
);

type Cart = {
  items: { id: number; quantity: number; price: number; name: string }[];
  revision: number;
  dropped: { id: number }[];
};
const cartOf = async (token = t.practice): Promise<Cart> => {
  const res = await post("/api/cart/query", {}, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const lines = (cart: Cart) => cart.items.map((i) => [i.id, i.quantity]);

describe("the server cart", () => {
  it("is empty at first, keeps what is saved, and gives it to another session of the same user", async () => {
    await post("/api/cart/replace", { items: [] });
    expect((await cartOf()).items).toEqual([]);
    const a = await makeProduct();
    const b = await makeProduct();
    const saved = await post("/api/cart/replace", {
      items: [
        { id: b, quantity: 12 },
        { id: a, quantity: 3 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cart = saved.json().data as Cart;
    // In the order given, with the product's record and the unit price of the line's tier.
    expect(lines(cart)).toEqual([
      [b, 12],
      [a, 3],
    ]);
    expect(cart.items.map((i) => i.price)).toEqual([700, 900]);
    expect(cart.items[0]?.name).toBe(`Cart Leaflet ${b}`);

    // Another computer: a new sign-in of the same practice, after the first signed out.
    await post("/api/auth/logout", {});
    const again = await signInPractice(t.app);
    t.practice = again.access_token;
    expect(lines(await cartOf())).toEqual([
      [b, 12],
      [a, 3],
    ]);
  });

  it("merges the browser's lines at sign-in: every line kept, the larger quantity of a product in both", async () => {
    const a = await makeProduct();
    const b = await makeProduct();
    const c = await makeProduct();
    await post("/api/cart/replace", {
      items: [
        { id: a, quantity: 5 },
        { id: b, quantity: 2 },
      ],
    });
    const merged = await post("/api/cart/merge", {
      items: [
        { id: b, quantity: 4 },
        { id: a, quantity: 1 },
        { id: c, quantity: 7 },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(lines(merged.json().data)).toEqual([
      [a, 5],
      [b, 4],
      [c, 7],
    ]);
    // Merging the same lines again changes nothing (a sign-in repeated in another tab).
    const twice = await post("/api/cart/merge", { items: [{ id: c, quantity: 7 }] });
    expect(lines(twice.json().data)).toEqual([
      [a, 5],
      [b, 4],
      [c, 7],
    ]);
    expect(twice.json().data.revision).toBeGreaterThan(merged.json().data.revision);
  });

  it("updates lines: sets a quantity, adds a product, and removes a line at quantity 0", async () => {
    const a = await makeProduct();
    const b = await makeProduct();
    await post("/api/cart/replace", { items: [{ id: a, quantity: 5 }] });
    const res = await post("/api/cart/update", {
      items: [
        { id: a, quantity: 0 },
        { id: b, quantity: 10 },
      ],
    });
    expect(lines(res.json().data)).toEqual([[b, 10]]);
    const set = await post("/api/cart/update", { items: [{ id: b, quantity: 3 }] });
    expect(lines(set.json().data)).toEqual([[b, 3]]);
    expect(set.json().data.items[0].price).toBe(900);
  });

  it("keeps no line of a product the user may not order, and says so", async () => {
    const a = await makeProduct();
    const withdrawn = await makeProduct({ is_active: false });
    // 144518 is the New York programme: a California practice may not order it.
    const res = await post("/api/cart/replace", {
      items: [
        { id: a, quantity: 1 },
        { id: withdrawn, quantity: 1 },
        { id: 144518, quantity: 1 },
        { id: 2_000_000_000, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(lines(res.json().data)).toEqual([[a, 1]]);
    expect(res.json().data.dropped.map((d: { id: number }) => d.id)).toEqual([withdrawn, 144518, 2_000_000_000]);
    // A practice cannot put destroy lines in its cart.
    const destroy = await post("/api/cart/update", { items: [{ id: a, quantity: 1, is_destroy: true }] });
    expect(destroy.json().data.dropped).toEqual([{ id: a, reason: "Only administrators can destroy stock." }]);
  });

  it("keeps an administrator's destroy lines at no price: destroyed stock is not sold", async () => {
    const a = await makeProduct();
    const admin = (await signInAdmin(t.app)).access_token;
    const res = await post("/api/cart/replace", { items: [{ id: a, quantity: 12, is_destroy: true }] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({ id: a, quantity: 12, is_destroy: true, price: 0 }),
    ]);
    await post("/api/cart/replace", { items: [] }, admin);
  });

  it("hides a line whose product was withdrawn since, without deleting it", async () => {
    const a = await makeProduct();
    const b = await makeProduct();
    await post("/api/cart/replace", {
      items: [
        { id: a, quantity: 2 },
        { id: b, quantity: 2 },
      ],
    });
    await t.db.update(products).set({ is_active: false }).where(eq(products.id, b));
    expect(lines(await cartOf())).toEqual([[a, 2]]);
    await t.db.update(products).set({ is_active: true }).where(eq(products.id, b));
    expect(lines(await cartOf())).toEqual([
      [a, 2],
      [b, 2],
    ]);
  });

  it("is each user's own: another practice neither sees nor changes it", async () => {
    const a = await makeProduct();
    await post("/api/cart/replace", { items: [{ id: a, quantity: 6 }] });
    const other = (await signInPractice(t.app, NY_PRACTICE)).access_token;
    expect((await cartOf(other)).items).toEqual([]);
    await post("/api/cart/replace", { items: [] }, other);
    expect(lines(await cartOf())).toEqual([[a, 6]]);
  });

  it("refuses bad lines with a 400 and changes nothing", async () => {
    const a = await makeProduct();
    await post("/api/cart/replace", { items: [{ id: a, quantity: 4 }] });
    const before = await cartOf();
    for (const items of [
      [{ id: a, quantity: -1 }],
      [{ id: a, quantity: 1.5 }],
      [{ id: 0, quantity: 1 }],
      [{ id: a, quantity: 2_000_000 }],
      Array.from({ length: 101 }, (_, i) => ({ id: i + 1, quantity: 1 })),
    ]) {
      const res = await post("/api/cart/replace", { items });
      expect(res.statusCode).toBe(400);
    }
    expect((await post("/api/cart/update", { items: [] })).statusCode).toBe(400);
    expect(await cartOf()).toEqual(before);
    expect((await t.app.inject({ method: "POST", url: "/api/cart/query", payload: {} })).statusCode).toBe(401);
  });
});

describe("the server cart and placing an order", () => {
  it("loses the ordered lines with the order itself; other lines stay", async () => {
    const a = await makeProduct();
    const b = await makeProduct();
    const later = await makeProduct();
    const saved = (
      await post("/api/cart/replace", {
        items: [
          { id: a, quantity: 2 },
          { id: b, quantity: 3 },
        ],
      })
    ).json().data as Cart;
    // Another tab adds a product while this one checks out the two it shows.
    await post("/api/cart/update", { items: [{ id: later, quantity: 1 }] });
    const placed = await post(
      "/api/order/add",
      orderBody([
        { id: a, quantity: 2 },
        { id: b, quantity: 3 },
      ]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const after = await cartOf();
    expect(lines(after)).toEqual([[later, 1]]);
    expect(after.revision).toBeGreaterThan(saved.revision + 1);
  });

  it("keeps the cart when the order is refused", async () => {
    const a = await makeProduct({ actual_inventory: 0 });
    await post("/api/cart/replace", { items: [{ id: a, quantity: 2 }] });
    const refused = await post("/api/order/add", orderBody([{ id: a, quantity: 2 }]));
    expect(refused.statusCode).toBe(409);
    expect(lines(await cartOf())).toEqual([[a, 2]]);
  });

  it("places an order for a user who never had a server cart, and makes none", async () => {
    // The Hudson Valley practice is New York's: a product of the programme it may order.
    const other = await signInPractice(t.app, NY_PRACTICE);
    await t.db.execute(sql`delete from carts where user_id = ${other.profile.user_id}`);
    const a = await makeProduct({ product_category_id: 2102 });
    const res = await post("/api/order/add", orderBody([{ id: a, quantity: 1 }]), other.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from carts where user_id = ${other.profile.user_id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe("a stale tab's copy of the cart (decision 027)", () => {
  it("never brings back lines another tab removed, emptied or ordered; a current copy still merges", async () => {
    const a = await makeProduct();
    const b = await makeProduct();
    // Tab A and tab B of one practice: two sessions, one cart.
    const tabB = (await signInPractice(t.app)).access_token;
    const synced = (
      await post("/api/cart/replace", {
        items: [
          { id: a, quantity: 2 },
          { id: b, quantity: 3 },
        ],
      })
    ).json().data as Cart;
    const copy = [
      { id: a, quantity: 2 },
      { id: b, quantity: 3 },
    ];

    // Tab B empties the cart; tab A reloads and sends its copy with the revision it knew.
    await post("/api/cart/replace", { items: [] }, tabB);
    const afterEmpty = await post("/api/cart/merge", { items: copy, base_revision: synced.revision });
    expect(afterEmpty.statusCode, afterEmpty.body).toBe(200);
    expect(lines(afterEmpty.json().data)).toEqual([]);
    expect(lines(await cartOf(tabB))).toEqual([]);

    // Tab B orders the cart; tab A's copy (from before the order) neither merges nor replaces it.
    const current = (await post("/api/cart/replace", { items: copy }, tabB)).json().data as Cart;
    const placed = await post("/api/order/add", orderBody(copy), tabB);
    expect(placed.statusCode, placed.body).toBe(200);
    for (const path of ["/api/cart/merge", "/api/cart/replace"]) {
      const stale = await post(path, { items: copy, base_revision: current.revision });
      expect(lines(stale.json().data)).toEqual([]);
    }
    expect(lines(await cartOf(tabB))).toEqual([]);

    // A copy in step with the server (changes this tab made offline) still merges.
    const now = await cartOf();
    const merged = await post("/api/cart/merge", { items: [{ id: a, quantity: 4 }], base_revision: now.revision });
    expect(lines(merged.json().data)).toEqual([[a, 4]]);
    // A copy made signed out (no revision) merges at sign-in as before.
    const signIn = await post("/api/cart/merge", { items: [{ id: b, quantity: 1 }] });
    expect(lines(signIn.json().data)).toEqual([
      [a, 4],
      [b, 1],
    ]);
    await post("/api/cart/replace", { items: [] });
  });
});
