import { createHash, timingSafeEqual } from "node:crypto";
import { ERROR_MESSAGES, type ErrorBody } from "@vetportal/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Metrics } from "../lib/metrics.ts";

const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics in Prometheus's exposition format (decision 029), outside /api and its sessions:
 * answered only to `Authorization: Bearer $METRICS_TOKEN` (compared in constant time), 401
 * otherwise; without METRICS_TOKEN the route is off (404, like any unknown path) and nothing is
 * measured. Every other request is timed under its route pattern, never its raw URL.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics?: Metrics; token?: string }) => {
  const { metrics, token } = opts;
  const notFound = (method: string): ErrorBody => ({
    result: 0,
    error: { code: "NOT_FOUND", message: `${ERROR_MESSAGES.NOT_FOUND} (${method} ${METRICS_PATH})` },
  });
  if (!metrics || !token) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) =>
      reply.status(404).send(notFound(request.method)),
    );
    return;
  }

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization;
    if (typeof given !== "string" || !timingSafeEqual(digest(given), expected)) {
      const body: ErrorBody = {
        result: 0,
        error: { code: "UNAUTHENTICATED", message: ERROR_MESSAGES.UNAUTHENTICATED },
      };
      return reply.status(401).header("www-authenticate", 'Bearer realm="metrics"').send(body);
    }
    const text = await metrics.scrape();
    return reply.header("content-type", metrics.contentType).header("cache-control", "no-store").send(text);
  });

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return;
    // A path no route matched (an unknown path, the web app's history fallback) is one series.
    metrics.observeRequest(request.method, route ?? "(unmatched)", reply.statusCode, reply.elapsedTime / 1000);
  });
});
