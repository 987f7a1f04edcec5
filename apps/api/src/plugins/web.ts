import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { ERROR_MESSAGES, type ErrorBody } from "@vetportal/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The Content-Security-Policy sources that allow index.html's inline scripts, each by the SHA-256 of
 * its text (`'sha256-…'`): the build writes the boot script inline (apps/web/build/boot-preload.ts),
 * and no other inline script runs. None when the web app is not built.
 */
export function inlineScriptHashes(root: string): string[] {
  const index = join(root, "index.html");
  if (!existsSync(index)) return [];
  const html = readFileSync(index, "utf8");
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `'sha256-${createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`,
  );
}

/**
 * Serves the built SPA (apps/web/dist) on the API's port. Unknown non-API GET paths get
 * index.html so client-side routes work on reload (history fallback); unknown /api paths and
 * other methods get the JSON 404 body, and a known path with another method a 405 with `Allow`.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const hasWeb = existsSync(join(opts.root, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies of every text asset (apps/web/build/precompress.ts); the
      // best one the browser accepts is sent, and caches are told the answer depends on it.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, path) => {
        res.setHeader("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        res.setHeader("vary", "Accept-Encoding");
      },
    });
  } else {
    app.log.warn({ root: opts.root }, "web app not built: only the API is served (run npm run build)");
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    // A route that exists with other methods: 405 and what it takes (decision 028).
    const allowed = app.allowedMethods(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const body: ErrorBody = {
        result: 0,
        error: {
          code: "METHOD_NOT_ALLOWED",
          message: `${ERROR_MESSAGES.METHOD_NOT_ALLOWED} (${request.method} ${path}: ${allowed.join(", ")})`,
        },
      };
      return reply.status(405).header("allow", allowed.join(", ")).send(body);
    }
    const wantsPage =
      hasWeb &&
      (request.method === "GET" || request.method === "HEAD") &&
      !path.startsWith("/api/") &&
      !path.startsWith("/media/");
    if (wantsPage) return reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
    const body: ErrorBody = {
      result: 0,
      error: { code: "NOT_FOUND", message: `${ERROR_MESSAGES.NOT_FOUND} (${request.method} ${path})` },
    };
    return reply.status(404).send(body);
  });
});
