import { request as httpRequest } from "node:http";
import { ERROR_STATUS, PRIMITIVE_MESSAGES } from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { bearer, createTestApp, openTestDatabase, signInAdmin, testConfig } from "./helpers.ts";

/** Bad input is a 4xx with the error envelope, never a 500, and multipart is the upload's alone (decision 013). */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer((await signInAdmin(t.app)).access_token);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const BOUNDARY = "----vpfuzz";
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`;
const END = `--${BOUNDARY}--\r\n`;

const upload = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/product/image",
    payload,
    headers: { ...admin, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });

/**
 * Starts a chunked multipart upload of `fields` × 1 MiB fields over a real socket, sends only the
 * first MiB, and resolves with the answer if the server gives one before the rest is sent.
 */
function answerBeforeBodyIsSent(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error("no answer while the body was still being sent: the server is reading it whole"));
    }, 10_000);
    req.on("response", (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on("error", (err) => {
      if (!req.destroyed) reject(err);
    });
    req.write(field("method", "address"));
    req.write(field("address_name", "x".repeat(1024 * 1024)));
    // The other 998 MiB are never sent: only an early answer ends this.
  });
}

describe("multipart", () => {
  it("refuses anonymous multipart before reading the body: 415 on sign-in, 401 on the upload", async () => {
    const signIn = await answerBeforeBodyIsSent("/api/auth");
    expect(signIn.status).toBe(415);
    expect(JSON.parse(signIn.body)).toMatchObject({ result: 0, error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    const anonymousUpload = await answerBeforeBodyIsSent("/api/product/image");
    expect(anonymousUpload.status).toBe(401);
    expect(JSON.parse(anonymousUpload.body).error.code).toBe("UNAUTHENTICATED");
  });

  it("refuses multipart on any other route with 415, with or without a boundary", async () => {
    for (const contentType of ["multipart/form-data", `multipart/form-data; boundary=${BOUNDARY}`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/department/list",
        payload: field("name", "x") + END,
        headers: { ...admin, "content-type": contentType },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("answers an upload without a boundary with 400", async () => {
    const res = await upload(field("id", "1") + END, { "content-type": "multipart/form-data" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, error: { code: "VALIDATION_FAILED" } });
    expect(res.json().error.message).toMatch(/multipart form could not be read/);
  });

  it("answers an upload that is not multipart with 415", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/product/image", payload: { id: 1 }, headers: admin });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers an upload beyond the form's limits (id and one file) with 413", async () => {
    for (const payload of [
      field("id", "1") + field("name", "x") + file("file", "png") + END,
      field("id", "1") + file("file", "png") + file("other", "png") + END,
      field("id", "1".repeat(60)) + file("file", "png") + END,
    ]) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(ERROR_STATUS.PAYLOAD_TOO_LARGE);
      expect(res.json()).toMatchObject({ result: 0, error: { code: "PAYLOAD_TOO_LARGE" } });
    }
  });

  it("answers an upload for a product id beyond int4 with 400 on the id field", async () => {
    const res = await upload(field("id", "2147483648") + file("file", "png") + END);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ id: PRIMITIVE_MESSAGES.int4Range });
  });
});

describe("unreadable bodies and URLs", () => {
  it("answers unreadable bodies and other content types with the error envelope and what to change", async () => {
    const cases: [string, string, number, string, RegExp][] = [
      ['{"a":', "application/json", 400, "VALIDATION_FAILED", /not valid JSON/],
      ["", "application/json", 400, "VALIDATION_FAILED", /empty/],
      ['{"__proto__":{"x":1}}', "application/json", 400, "VALIDATION_FAILED", /not valid JSON/],
      [`{"x":"${"x".repeat(1024 * 1024)}"}`, "application/json", 413, "PAYLOAD_TOO_LARGE", /large/],
      ["hello", "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE", /JSON/],
      ["<a/>", "application/xml", 415, "UNSUPPORTED_MEDIA_TYPE", /JSON/],
    ];
    for (const [payload, contentType, status, code, message] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth",
        payload,
        headers: { "content-type": contentType },
      });
      expect([contentType, payload.slice(0, 20), res.statusCode]).toEqual([contentType, payload.slice(0, 20), status]);
      expect(res.json()).toMatchObject({ result: 0, error: { code } });
      expect(res.json().error.message).toMatch(message);
    }
  });

  it.each([
    ["an id beyond int4", "/media/uploads/2147483648", 400],
    ["a category beyond int4", "/media/products/1.svg?category=99999999999", 400],
    ["broken percent-encoding", "/media/uploads/%E0%A4%A", 400],
    ["a parameter longer than the router takes", `/media/uploads/${"1".repeat(150)}`, 400],
  ])("answers a media path with %s with the error envelope", async (_case, url, status) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ result: 0, error: { code: "VALIDATION_FAILED" } });
  });
});

describe("values the database cannot store", () => {
  it("refuses a lone surrogate in an event's search text (stored as jsonb) with 400", async () => {
    const { access_token } = await signInAdmin(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/eventLog",
      headers: { ...bearer(access_token), "content-type": "application/json" },
      payload: '{"event":"home","search":"dog\\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ search: PRIMITIVE_MESSAGES.unicode });
  });

  it("refuses a year-0000 report date with 400 on the field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/report/orderFrontEnd",
      headers: admin,
      payload: { date_from: "0000-01-01", date_to: "2024-01-31" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ date_from: PRIMITIVE_MESSAGES.dateRange });
  });

  /** The last line of defence: a value the contract let through and the database refused. */
  const BAD_VALUE_QUERIES: [string, SQL][] = [
    ["a year-0000 date (22008)", sql`select ${"0000-01-01"}::date`],
    ["an int4 overflow (22003)", sql`select ${String(2 ** 31)}::int4`],
    ["text that is not a number (22P02)", sql`select ${"abc"}::int4`],
    ["a lone surrogate in jsonb (22P05)", sql`select ${'"\\ud800"'}::jsonb`],
  ];

  it("answers a database data exception with 400, not 500", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    app.get<{ Params: { n: string } }>("/test/bad-value/:n", async (request) => {
      await app.db.execute(BAD_VALUE_QUERIES[Number(request.params.n)]?.[1] ?? sql`select 1`);
      return { result: 1 };
    });
    try {
      for (const [n, [label]] of BAD_VALUE_QUERIES.entries()) {
        const res = await app.inject({ method: "GET", url: `/test/bad-value/${n}` });
        expect([label, res.statusCode]).toEqual([label, 400]);
        expect(res.json()).toMatchObject({ result: 0, error: { code: "VALIDATION_FAILED" } });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
