import { CART_STORAGE_KEY, type CartItem } from "@vetportal/contract";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage.ts";
import {
  addAllToCart,
  addToCart,
  applyServerCart,
  CART_REVISION_STORAGE_KEY,
  type CartChange,
  clearLocalCart,
  decrementCartQuantity,
  dropLocalLines,
  emptyCart,
  getCart,
  getCartRevision,
  removeFromCart,
  setCartQuantity,
  setCartRevision,
  setCartSync,
} from "./cart-store.ts";

// The tab's session storage, in memory (Vitest runs the web's pure logic under Node).
const stored = new Map<string, string>();
beforeAll(() => {
  globalThis.sessionStorage = memoryStorage(stored);
});

const line = (id: number, quantity: number): CartItem => ({
  id,
  name: `Product ${id}`,
  display_name: `Product ${id}`,
  image_url: "",
  package_quantity: 1,
  min_quantity: 1,
  max_quantity: 100,
  quantity,
  price: 500,
  is_destroy: false,
});

let sent: CartChange[] = [];
beforeEach(() => {
  setCartSync(null);
  emptyCart();
  sent = [];
  setCartSync((change) => sent.push(change));
});

describe("the cart store", () => {
  it("replaces a product's line in place and keeps the tab's copy in session storage", () => {
    addToCart(line(1, 2));
    addToCart(line(2, 1));
    addToCart(line(1, 5));
    expect(getCart().map((l) => [l.id, l.quantity])).toEqual([
      [1, 5],
      [2, 1],
    ]);
    expect(JSON.parse(stored.get(CART_STORAGE_KEY) ?? "[]")).toHaveLength(2);
    expect(sent.at(-1)).toEqual({ kind: "update", items: [line(1, 5)] });
  });

  it("never sets a quantity below zero, and sends a removed line to the server as quantity 0", () => {
    addToCart(line(3, 1));
    decrementCartQuantity(3);
    decrementCartQuantity(3);
    expect(getCart()[0]?.quantity).toBe(0);
    setCartQuantity(3, 7.9);
    expect(getCart()[0]?.quantity).toBe(7);
    removeFromCart(3);
    expect(getCart()).toEqual([]);
    expect(sent.at(-1)).toEqual({ kind: "update", items: [{ ...line(3, 7), quantity: 0 }] });
    expect(stored.has(CART_STORAGE_KEY)).toBe(false);
  });

  it("merges a Reorder's lines and empties the server's cart with the tab's", () => {
    addToCart(line(1, 1));
    addAllToCart([line(1, 4), line(5, 2)], { title: "Reorder of order #1", messages: [] });
    expect(getCart().map((l) => [l.id, l.quantity])).toEqual([
      [1, 4],
      [5, 2],
    ]);
    emptyCart();
    expect(sent.at(-1)).toEqual({ kind: "replace", items: [] });
  });

  it("takes the server's cart, and drops placed lines locally without telling the server", () => {
    applyServerCart([line(8, 3), line(9, 1)]);
    expect(getCart().map((l) => l.id)).toEqual([8, 9]);
    sent = [];
    dropLocalLines([8]);
    expect(getCart().map((l) => l.id)).toEqual([9]);
    expect(sent).toEqual([]);
  });

  it("keeps the server revision the copy is in step with in session storage, and forgets it at sign-out", () => {
    applyServerCart([line(4, 2)]);
    setCartRevision(12);
    expect(getCartRevision()).toBe(12);
    expect(stored.get(CART_REVISION_STORAGE_KEY)).toBe("12");
    dropLocalLines([4]);
    expect(getCartRevision()).toBe(12);
    clearLocalCart();
    expect(getCartRevision()).toBeNull();
    expect(stored.has(CART_REVISION_STORAGE_KEY)).toBe(false);
  });
});
