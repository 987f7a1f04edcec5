import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type onRequestHookHandler } from "fastify";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { helmetOptions, securityHeaders } from "./security-headers.ts";

/** A web build with an inline script, so the policy carries a hash. */
function webRoot() {
  const dir = mkdtempSync(join(tmpdir(), "vetportal-headers-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><html><head><script>window.x = 1;</script></head></html>");
  return dir;
}

async function headersOf(hook: onRequestHookHandler) {
  const app = Fastify();
  app.addHook("onRequest", hook);
  app.get("/a", async () => ({ ok: true }));
  app.get("/b", async (_request, reply) => reply.code(404).send({ missing: true }));
  const [a, b] = [await app.inject({ url: "/a" }), await app.inject({ url: "/b" })];
  await app.close();
  const { date: _a, ...first } = a.headers;
  const { date: _b, ...second } = b.headers;
  return [first, second];
}

describe("security headers", () => {
  it("are what helmet sets on each answer, recorded once", async () => {
    const root = webRoot();
    const recorded = await headersOf(securityHeaders(root));
    // The same options, run on every request as helmet is meant to be used.
    const perRequest = helmet(helmetOptions(root));
    const live = await headersOf((request, reply, done) => perRequest(request.raw, reply.raw, done as never));
    expect(recorded).toEqual(live);
    const scriptSrc = String(recorded[0]?.["content-security-policy"]).match(/script-src ([^;]+)/)?.[1];
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    for (const headers of recorded) {
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(headers["x-powered-by"]).toBeUndefined();
    }
  });
});
