import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers.ts";

const APP_JS = `export const rows = [${"1,".repeat(4000)}];`;
// The boot script the build writes inline (apps/web/build/boot-preload.ts).
const BOOT = `(function () { window.booted = "</div>"; })();`;
const dist = mkdtempSync(join(tmpdir(), "vp-web-"));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    `<!doctype html><title>Vet Portal</title><script type="module" src="/assets/index-abc123.js"></script>\n<script>${BOOT}</script><div id=root></div>`,
  );
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('app')");
  // What the build's precompress step writes beside a text asset (apps/web/build/precompress.ts).
  writeFileSync(join(dist, "assets", "app-def456.js"), APP_JS);
  writeFileSync(join(dist, "assets", "app-def456.js.br"), brotliCompressSync(APP_JS));
  writeFileSync(join(dist, "assets", "app-def456.js.gz"), gzipSync(APP_JS));
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

  it("never lets a cache keep the page stale: index.html is revalidated, and answers 304 while unchanged", async () => {
    for (const url of ["/", "/index.html", "/cart/preview"]) {
      const first = await t.app.inject({ method: "GET", url });
      expect(first.headers["cache-control"], url).toBe("no-cache");
      expect(first.headers.vary, url).toContain("Accept-Encoding");
      const etag = first.headers.etag;
      expect(etag, url).toBeTruthy();
      const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it("lets index.html's inline boot script run by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: "GET", url: "/orders" });
    const scriptSrc = String(res.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("script-src "));
    const hash = createHash("sha256").update(BOOT).digest("base64");
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("serves hashed assets with long-lived caching", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the precompressed copy the browser accepts, brotli first, and varies on Accept-Encoding", async () => {
    const url = "/assets/app-def456.js";
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.body).toBe(APP_JS);
  });

  it("keeps JSON 404s for unknown API paths and non-GET requests", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("NOT_FOUND");
    expect((await t.app.inject({ method: "DELETE", url: "/orders" })).statusCode).toBe(404);
  });
});
