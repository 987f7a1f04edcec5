import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * Query parameters that carry a credential in a URL (docs/decisions/026): an export code
 * (`/api/report/download?code=`), a set-password token of a link sent before links carried it in
 * the fragment (`/set-password?token=`), and any token a client might put there. Compared
 * without case, after decoding, as Fastify reads them.
 */
const SECRET_PARAMS = new Set(["token", "code", "refresh_token", "access_token", "id_token", "password", "secret"]);

/** A URL for a log line: the value of every secret query parameter replaced by REDACTED. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const pairs = url.slice(at + 1).split("&");
  const kept = pairs.map((pair) => {
    const eq = pair.indexOf("=");
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    let key: string;
    try {
      key = decodeURIComponent(rawKey.replaceAll("+", " "));
    } catch {
      // Not decodable: Fastify would not read it either; keep no value.
      return `${rawKey}=REDACTED`;
    }
    return SECRET_PARAMS.has(key.trim().toLowerCase()) ? `${rawKey}=REDACTED` : pair;
  });
  return `${url.slice(0, at)}?${kept.join("&")}`;
}

/** Fastify's request serializer (method, url, host, address, port), with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.["accept-version"]?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** The logger options of buildApp with the redacting request serializer; `false` stays off. */
export function withRedactedUrls(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
