import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** The methods registered for a request path (empty when no route matches it at all). */
    allowedMethods(path: string): string[];
  }
}

/** A route URL as a matcher for a concrete path: `:id` and `:id.svg` parameters, a trailing `*`. */
function matcher(url: string): RegExp {
  const escaped = url
    .split(/(:\w+|\*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${escaped}$`);
}

/**
 * Which methods each URL answers, collected as routes are registered, so a request with another
 * method is a 405 with `Allow` (RFC 9110 §15.5.6), not a 404 (decision 028). Registered before
 * every route (app.ts); the not-found handler (web.ts) asks it.
 */
export const methodsPlugin = fp(async (app: FastifyInstance) => {
  const exact = new Map<string, Set<string>>();
  const patterns: { match: RegExp; methods: Set<string> }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (/[:*]/.test(route.url)) {
      const match = matcher(route.url);
      const entry = patterns.find((p) => p.match.source === match.source) ?? { match, methods: new Set<string>() };
      if (!patterns.includes(entry)) patterns.push(entry);
      for (const m of methods) entry.methods.add(m);
    } else {
      const set = exact.get(route.url) ?? new Set<string>();
      for (const m of methods) set.add(m);
      exact.set(route.url, set);
    }
  });
  app.decorate("allowedMethods", (path: string) => {
    const found = new Set(exact.get(path) ?? []);
    for (const p of patterns) if (p.match.test(path)) for (const m of p.methods) found.add(m);
    return [...found].sort();
  });
});
