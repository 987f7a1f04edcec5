import type { onRequestHookHandler } from "fastify";
import helmet from "helmet";
import { inlineScriptHashes } from "../plugins/web.ts";

/**
 * The security headers of every answer, as an onRequest hook: helmet's middleware built once
 * (@fastify/helmet rebuilt it on every request, a fifth of a small answer's cost). `webRoot` is the
 * built web app, whose inline boot script the Content-Security-Policy allows by its hash.
 */
export function securityHeaders(webRoot: string): onRequestHookHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // index.html's boot script, inline, by its hash (decision 034, lever 26).
        scriptSrc: ["'self'", ...inlineScriptHashes(webRoot)],
        connectSrc: ["'self'"],
      },
    },
  });
  return (request, reply, done) => headers(request.raw, reply.raw, done as (err?: unknown) => void);
}
