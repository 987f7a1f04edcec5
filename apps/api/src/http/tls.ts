import { readFileSync } from "node:fs";
import type { Http2Session } from "node:http2";
import { createSecureContext } from "node:tls";
import type { FastifyInstance } from "fastify";
import { type Config, ConfigError } from "../config.ts";

/** HTTPS for the portal itself (TLS_CERT_FILE, TLS_KEY_FILE; decision 049). */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * The certificate and key of TLS_CERT_FILE and TLS_KEY_FILE, read and checked to be a PEM
 * certificate with its own private key, or undefined when HTTPS is not configured. A file that
 * cannot be read or a pair that does not match is a ConfigError naming the setting.
 */
export function readTlsFiles(config: Pick<Config, "TLS_CERT_FILE" | "TLS_KEY_FILE">): TlsFiles | undefined {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return undefined;
  const read = (setting: "TLS_CERT_FILE" | "TLS_KEY_FILE", path: string) => {
    try {
      return readFileSync(path);
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? "unreadable";
      throw new ConfigError(`Invalid configuration:\n  - ${setting}: cannot read ${path} (${reason})`);
    }
  };
  const files = { cert: read("TLS_CERT_FILE", config.TLS_CERT_FILE), key: read("TLS_KEY_FILE", config.TLS_KEY_FILE) };
  try {
    createSecureContext(files);
  } catch (err) {
    // OpenSSL's reason only ("key values mismatch", "no start line"): it names no key material.
    const reason = (err as Error).message.replace(/^error:[0-9A-F]+:/i, "");
    throw new ConfigError(
      `Invalid configuration:\n  - TLS_CERT_FILE, TLS_KEY_FILE: not a PEM certificate and its private key (${reason})`,
    );
  }
  return files;
}

/**
 * Fastify's options for HTTP/2 over TLS, with HTTP/1.1 (by ALPN) for clients without it. The app is
 * still typed as the HTTP/1 instance every module is written against: Fastify's request and reply
 * are the same, and request.raw and reply.raw are Node's compatibility objects, which keep the
 * HTTP/1 API the app uses (helmet's headers).
 */
export function httpsServerOptions(tls: TlsFiles) {
  return { http2: true as const, https: { allowHTTP1: true, ...tls } };
}

/**
 * On close, each open HTTP/2 session gets a GOAWAY and ends once the requests it has in flight are
 * answered: the server's close waits for them and not for an idle browser's connection. (Fastify
 * before Node 24 does this only with forceCloseConnections, which would also cut HTTP/1.1 requests
 * in flight.)
 */
export function closeHttp2SessionsOnClose(app: FastifyInstance) {
  const sessions = new Set<Http2Session>();
  app.server.on("session", (session: Http2Session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  app.addHook("preClose", async () => {
    for (const session of sessions) session.close();
  });
}
