import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginRoute } from "../features/auth/routes/login.tsx";
import { routes } from "./router.tsx";

function findRoute(list: RouteObject[], path: string): RouteObject | undefined {
  for (const route of list) {
    if (route.path === path) return route;
    const found = route.children && findRoute(route.children, path);
    if (found) return found;
  }
  return undefined;
}

describe("the routes", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("load the sign-in page as soon as its chunk is there, without the legacy's 500 ms delay", async () => {
    // The clock stands still: a delay before the page would never end, and the test would time out.
    vi.useFakeTimers();
    const lazy = findRoute(routes, "login")?.lazy;
    expect(typeof lazy).toBe("function");
    const loaded = await (lazy as () => Promise<Pick<RouteObject, "Component">>)();
    expect(loaded.Component).toBe(LoginRoute);
  });
});
