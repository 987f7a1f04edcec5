import { describe, expect, it } from "vitest";
import { bearer } from "./helpers.ts";
import { useSignedInApp } from "./support/app.ts";

/**
 * Numbers are numbers (issue 20 §7, decision 028): an integer field takes a JSON number, or a decimal
 * string in a form body, nothing else. Coercion read `null` as 0 (a cart line removed), `[4]` as 4,
 * `true` as user 1 and `"0x2"` as user 2.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const cartLines = async () =>
  (await post("/api/cart/query", {}))
    .json()
    .data.items.map((l: { id: number; quantity: number }) => [l.id, l.quantity]);

describe("integer fields take JSON numbers only", () => {
  it.each([
    ["null", null],
    ["[4]", [4]],
    ['"4"', "4"],
    ['"0x2"', "0x2"],
    ["true", true],
    ['""', ""],
  ])("refuses a cart quantity %s with 400, and the cart is unchanged", async (_label, quantity) => {
    const id = 144048; // the demo catalogue's Puppy Starter Kit Folder
    await post("/api/cart/replace", { items: [{ id, quantity: 5 }] });
    const res = await post("/api/cart/update", { items: [{ id, quantity }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["items.0.quantity"]).toBe("Quantity is required");
    expect(await cartLines()).toEqual([[id, 5]]);
  });

  it.each([
    ["true", true],
    ['"0x2"', "0x2"],
    ['"1"', "1"],
    ["[1]", [1]],
  ])("refuses a user id %s with 400 instead of reading a user", async (_label, id) => {
    const res = await post("/api/user/query", { id }, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, error: { code: "VALIDATION_FAILED" } });
  });

  it("still reads a decimal string in the sign-in form (urlencoded)", async () => {
    const form = new URLSearchParams({
      customer_id: "1850",
      method: "address",
      address_name: "Happy Paws Veterinary Clinic",
      line1: "120 Market Street",
      zip_code: "94105",
    });
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(ok.statusCode).toBe(200);
    form.set("customer_id", "0x73a");
    const hex = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(hex.statusCode).toBe(400);
  });
});

describe("an update with nothing to change", () => {
  it("answers user/update with only an id as a no-op: 200 and the user as it is, for the user and an administrator", async () => {
    const before = (await post("/api/user/query", { id: t.practiceUserId })).json().data;
    const own = await post("/api/user/update", { id: t.practiceUserId });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual(before);
    const byAdmin = await post("/api/user/update", { id: t.practiceUserId }, t.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data).toEqual(before);
  });

  it("still refuses another user's id (403) and an unknown one (404)", async () => {
    expect((await post("/api/user/update", { id: 1 })).statusCode).toBe(403);
    expect((await post("/api/user/update", { id: 2_000_000_000 }, t.admin)).statusCode).toBe(404);
  });
});
