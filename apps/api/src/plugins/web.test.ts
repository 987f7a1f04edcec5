import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers.ts";

const dist = mkdtempSync(join(tmpdir(), "vp-web-"));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Vet Portal</title><div id=root></div>");
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('app')");
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it("answers client-side routes with index.html (history fallback)", async () => {
    for (const url of ["/", "/login", "/order/12/2", "/category/dental%20care?x=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves hashed assets with long-lived caching", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("keeps JSON 404s for unknown API paths and non-GET requests", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("NOT_FOUND");
    expect((await t.app.inject({ method: "DELETE", url: "/orders" })).statusCode).toBe(404);
  });
});
