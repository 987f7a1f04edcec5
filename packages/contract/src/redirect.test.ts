import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeRedirectPath("/order/123/2")).toBe("/order/123/2");
    expect(safeRedirectPath("/orders?page=2&sort=desc")).toBe("/orders?page=2&sort=desc");
    expect(safeRedirectPath("/reports/orderreport?tab=inventory#chart")).toBe(
      "/reports/orderreport?tab=inventory#chart",
    );
    expect(safeRedirectPath("/category/heart%20worm")).toBe("/category/heart%20worm");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectPath("/a/../orders")).toBe("/orders");
    expect(safeRedirectPath("/../../orders")).toBe("/orders");
  });

  it.each([
    "//evil.example",
    "//evil.example/orders",
    "/\\evil.example",
    "\\\\evil.example",
    "/orders\\..\\..\\evil",
    "http://evil.example/orders",
    "https://evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example/orders",
    "orders",
    "/\t/evil.example",
    "/\n/evil.example",
    " /orders",
    "/orders /x",
    "",
    "/login",
    "/LOGIN?next=/orders",
    // Dot segments that normalise into a protocol-relative path (issue 20 §6).
    "/.//evil.example",
    "/..//evil.example",
    "/././/evil.example/orders",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/./login",
    "/orders/../login",
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target)).toBeUndefined();
  });

  it("never answers a path another host could be read from", () => {
    const targets = ["/./", "/../", "/.//", "/..//", "/%2e/", "/%2e%2e/", "/%2F/", "/%5C/", "/.%2F/"];
    for (const a of targets) {
      for (const b of targets) {
        const answer = safeRedirectPath(`${a}${b}evil.example`);
        if (answer !== undefined) {
          expect(answer.startsWith("//")).toBe(false);
          expect(new URL(answer, "https://vetportal.invalid").origin).toBe("https://vetportal.invalid");
        }
      }
    }
    // An encoded slash stays encoded: a path segment of this site, not a host.
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirectPath("/./orders")).toBe("/orders");
  });

  it("refuses nothing given and overlong targets", () => {
    expect(safeRedirectPath(null)).toBeUndefined();
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(`/${"a".repeat(2001)}`)).toBeUndefined();
  });
});
