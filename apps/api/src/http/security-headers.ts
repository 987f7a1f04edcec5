import type { ServerResponse } from "node:http";
import type { onRequestHookHandler } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { inlineScriptHashes } from "../plugins/web.ts";

/** Helmet's options: the Content-Security-Policy, the rest helmet's defaults. */
export function helmetOptions(webRoot: string): HelmetOptions {
  return {
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
  };
}

/**
 * The security headers of every answer, as an onRequest hook. Helmet decides them; none depends on
 * the request (no nonce, no per-path rule), so its middleware runs once, here, against a response
 * that records what it sets, and each answer gets the recorded headers. Running helmet's thirteen
 * middlewares per request (each building its value again, the policy's text included) was ~2 % of
 * a small read's CPU (bench/README.md, "Twenty-sixth round"). `webRoot` is the built web app, whose
 * inline boot script the Content-Security-Policy allows by its hash.
 */
export function securityHeaders(webRoot: string): onRequestHookHandler {
  const middleware = helmet(helmetOptions(webRoot));
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  let ended: { err?: unknown } | undefined;
  middleware({} as never, recorder, (err?: unknown) => {
    ended = { err };
  });
  // Helmet's middlewares are synchronous; one that is not would leave this list short.
  if (!ended || set.length === 0) throw new Error("security headers: helmet did not set its headers at once");
  if (ended.err) throw ended.err;
  return (_request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
    done();
  };
}
