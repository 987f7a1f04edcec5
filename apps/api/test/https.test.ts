import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type ClientHttp2Session, connect } from "node:http2";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { readTlsFiles } from "../src/http/tls.ts";
import { openTestDatabase, PRACTICE, testConfig } from "./helpers.ts";
import { type CertificateFiles, selfSignedCertificate } from "./support/certificate.ts";

/**
 * The portal served over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE; decision 049): a browser gets HTTP/2,
 * a client without it HTTP/1.1, on one port; the pages, the API and its errors answer as over HTTP,
 * and the server closes with HTTP/2 sessions still open.
 */
const APP_JS = `export const rows = [${"1,".repeat(4000)}];`;
const dist = mkdtempSync(join(tmpdir(), "vp-https-web-"));
let certificate: CertificateFiles;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let origin: string;
let session: ClientHttp2Session;

beforeAll(async () => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Vet Portal</title><div id=root></div>");
  writeFileSync(join(dist, "assets", "app-def456.js"), APP_JS);
  writeFileSync(join(dist, "assets", "app-def456.js.br"), brotliCompressSync(APP_JS));
  certificate = await selfSignedCertificate();
  const config = testConfig({
    WEB_DIST_DIR: dist,
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
  });
  database = await openTestDatabase();
  app = await buildApp({ config, database, tls: readTlsFiles(config), validateResponses: true });
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  session = connect(origin, { ca: certificate.cert });
  await new Promise((resolve, reject) => session.once("connect", resolve).once("error", reject));
});
afterAll(async () => {
  session?.destroy();
  await app?.close();
  await database?.close();
  certificate?.remove();
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on the test's HTTP/2 session. */
function h2(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({ ":method": init.method ?? "GET", ":path": path, ...init.headers });
    const chunks: Buffer[] = [];
    let headers: Answer["headers"] = {};
    stream.on("response", (h) => {
      headers = h;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve({ status: Number(headers[":status"]), headers, body: Buffer.concat(chunks) }));
    stream.on("error", reject);
    stream.end(init.body);
  });
}

describe("the portal over HTTPS", () => {
  it("speaks HTTP/2 to a client that offers it: the page, a compressed asset and the security headers", async () => {
    expect(session.alpnProtocol).toBe("h2");
    const page = await h2("/orders");
    expect(page.status).toBe(200);
    expect(String(page.headers["content-type"])).toContain("text/html");
    expect(page.body.toString()).toContain("<div id=root>");
    expect(page.headers["strict-transport-security"]).toBeTruthy();
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");

    const asset = await h2("/assets/app-def456.js", { headers: { "accept-encoding": "br" } });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(asset.body).toString()).toBe(APP_JS);
  });

  it("signs in and answers the API over HTTP/2, and a bad body with the error envelope", async () => {
    const signIn = await h2("/api/auth", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "address", ...PRACTICE }),
    });
    expect(signIn.status).toBe(200);
    const token = JSON.parse(signIn.body.toString()).access_token as string;
    const orders = await h2("/api/order/list", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ limit: 5 }),
    });
    expect(orders.status, orders.body.toString()).toBe(200);
    expect(JSON.parse(orders.body.toString()).result).toBe(1);

    const bad = await h2("/api/auth", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ result: 0, error: { code: expect.any(String) } });
  });

  it("speaks HTTP/1.1 over TLS to a client without HTTP/2, on the same port", async () => {
    const answer = await new Promise<{ version: string; status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(`${origin}/api/health`, { ca: certificate.cert }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ version: res.httpVersion, status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject).end();
    });
    expect(answer).toMatchObject({ version: "1.1", status: 200 });
    expect(JSON.parse(answer.body)).toMatchObject({ data: { status: "ok" } });
  });

  it("refuses a client that does not trust the certificate", async () => {
    const stranger = connect(origin);
    const error = await new Promise<Error>((resolve) => stranger.once("error", resolve));
    stranger.destroy();
    expect((error as NodeJS.ErrnoException).code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
  });

  it("closes with an HTTP/2 session open, answering the request it has in flight first", async () => {
    expect(session.closed).toBe(false);
    const sessionClosed = new Promise((resolve) => session.once("close", resolve));
    const arrived = new Promise((resolve) => app.server.once("request", resolve));
    const inFlight = h2("/api/health");
    await arrived;
    await app.close();
    expect((await inFlight).status).toBe(200);
    await sessionClosed;
    expect(session.closed).toBe(true);
  });
});
