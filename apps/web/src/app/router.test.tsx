import { matchRoutes, type RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginRoute } from "../features/auth/routes/login.tsx";
import { RequireAdmin } from "./route-guards.tsx";
import { adminArea, routerOptions, routes } from "./router.tsx";

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

  /** The paths of a route table, nested paths joined. */
  function pathsOf(list: RouteObject[], parent = ""): string[] {
    return list.flatMap((route) => {
      const path = route.path ? `${parent}/${route.path}` : parent;
      return [...(route.path ? [path] : []), ...pathsOf(route.children ?? [], path)];
    });
  }

  /** What React Router asks routerOptions() at a navigation to `path`: the routes patched in, if any. */
  function visit(options: ReturnType<typeof routerOptions>, path: string) {
    const patch = vi.fn();
    const signal = new AbortController().signal;
    options.patchRoutesOnNavigation?.({ path, patch, signal, matches: [], fetcherKey: undefined });
    return patch;
  }

  it("start without the administrators' routes: their paths reach the not-found route, which makes the router ask for more", () => {
    expect(pathsOf(routes)).toContain("/orders");
    expect(pathsOf(routes).filter((path) => path.startsWith("/Product/") || path === "/userreport")).toEqual([]);
    // A splat match has a parameter: React Router then calls patchRoutesOnNavigation before loading.
    const matches = matchRoutes(routes, "/Product/ProductReport");
    expect(matches?.at(-1)?.route.path).toBe("*");
    expect(matches?.at(-1)?.params).toEqual({ "*": "Product/ProductReport" });
  });

  it("add the administrators' routes at the first visit of one of their paths, once, and not for a practice's pages", () => {
    const options = routerOptions();
    for (const path of ["/", "/orders", "/product/144100", "/cart/preview", "/order/7/2"]) {
      expect(visit(options, path)).not.toHaveBeenCalled();
    }
    const patch = visit(options, "/Product/ProductReport?tab=1");
    expect(patch).toHaveBeenCalledOnce();
    expect(patch).toHaveBeenCalledWith(adminArea.id, adminArea.routes);
    expect(visit(options, "/userreport")).not.toHaveBeenCalled();
    // Each router adds them once for itself.
    expect(visit(routerOptions(), "/userreport")).toHaveBeenCalledOnce();
  });

  it("once added, the administrators' routes sit behind the administrators' guard and match their pages", () => {
    const area = (function find(list: RouteObject[]): RouteObject | undefined {
      for (const route of list) {
        if (route.id === adminArea.id) return route;
        const found = find(route.children ?? []);
        if (found) return found;
      }
      return undefined;
    })(routes);
    expect(area?.children).toEqual([]);
    expect(area?.element).toEqual(<RequireAdmin />);
    const patched: RouteObject[] = [{ element: area?.element, children: adminArea.routes }];
    expect(matchRoutes(patched, "/Departments/DepartmentDetails/4")?.at(-1)?.route.path).toBe(
      "Departments/DepartmentDetails/:id?",
    );
    expect(matchRoutes(patched, "/Users/NoSuchPage")?.at(-1)?.route.path).toBe("Users/*");
    // Case-sensitive: /product/… is everyone's product page, not the administrators' area.
    expect(matchRoutes(patched, "/product/ProductReport")).toBeNull();
  });
});
