import { describe, expect, it } from "vitest";
import { forgetScrollOfNewDocument, SCROLL_STORAGE_KEY, scrollKey } from "./scroll-restoration.tsx";

const stored = () => JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? "null") as Record<string, number> | null;

describe("scroll restoration", () => {
  it("keeps the history entries React Router made under their own keys", () => {
    expect(scrollKey({ key: "k3x9", pathname: "/orders", search: "" })).toBe("k3x9");
  });

  it("tells documents opened by address apart by their address, not React Router's shared 'default'", () => {
    const shipping = scrollKey({ key: "default", pathname: "/cart/shipping", search: "" });
    const cart = scrollKey({ key: "default", pathname: "/cart/preview", search: "" });
    const page2 = scrollKey({ key: "default", pathname: "/orders", search: "?page=2" });
    expect(new Set([shipping, cart, page2, scrollKey({ key: "default", pathname: "/orders", search: "" })]).size).toBe(
      4,
    );
  });

  it("starts a page opened anew at the top, and forgets nothing else", () => {
    const shipping = scrollKey({ key: "default", pathname: "/cart/shipping", search: "" });
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ [shipping]: 812, k3x9: 400 }));
    forgetScrollOfNewDocument({ pathname: "/cart/shipping", search: "" }, "navigate");
    expect(stored()).toEqual({ k3x9: 400 });
  });

  it("keeps the position of a page that is reloaded or reached with back and forward", () => {
    const orders = scrollKey({ key: "default", pathname: "/orders", search: "" });
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ [orders]: 640 }));
    forgetScrollOfNewDocument({ pathname: "/orders", search: "" }, "reload");
    forgetScrollOfNewDocument({ pathname: "/orders", search: "" }, "back_forward");
    expect(stored()).toEqual({ [orders]: 640 });
  });

  it("leaves unreadable positions to React Router, which ignores them", () => {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, "{not json");
    expect(() => forgetScrollOfNewDocument({ pathname: "/", search: "" }, "navigate")).not.toThrow();
  });
});
