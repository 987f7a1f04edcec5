import { portalDay } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_VALUES } from "../src/plugins/openapi-operations.ts";
import { bearer, createTestApp, queryRows, signInAdmin, signInPractice } from "./helpers.ts";
import { arbitraryOf, type Schema } from "./support/json-schema-arbitrary.ts";
import { schemaValidators } from "./support/openapi-schema.ts";

/**
 * The OpenAPI document tells the truth (issue 20 §7, decision 028). Every operation the document at
 * /api/docs lists — new routes included, nothing here names them — is called with input generated
 * from its documented schema (fast-check, fixed seed), as anonymous, as a practice and as an
 * administrator. Every answer must be below 500, have a status the document lists for that
 * operation, a media type it lists for that status, and a body its schema admits (ajv). Each
 * operation's example must succeed (2xx) for the caller it is for, and every path must answer the
 * methods it does not list with 405 and `Allow`.
 *
 * The practice and anonymous callers share one fresh database; the administrator, whose generated
 * calls may deactivate or delete the demo practice, has its own. Examples run first on each (on the
 * demo data they name); sign-out runs last, so no other call loses its session.
 */

type Json = Record<string, unknown>;
type Caller = "anonymous" | "practice" | "administrator";
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  method: string;
  path: string;
  key: string;
  /** Who may call it (`x-access`): public, optional (a session if sent), user (any session), admin. */
  access: string;
  /** Who the example is for when not the default caller of its access (`x-example-caller`). */
  exampleCaller?: string;
  bodyTypes: Record<string, Media>;
  query: { name: string; schema: Schema; required: boolean; example?: unknown }[];
  responses: Record<string, { content?: Record<string, Media> }>;
}

/** Generated inputs per operation and caller: about 3,000 requests in all. */
const RUNS = 12;
const SEED = 20_260_007;
/** Sign-out ends the caller's session: it runs after everything else. */
const SESSION_ENDING = new Set(["POST /api/auth/logout"]);

/**
 * Examples whose value only a running portal has are completed with a live one: a secret the
 * document shows as one of its LIVE_VALUES words gets a fresh one wherever it appears (so a new
 * route's example can use them too), and an order id of these operations an order placed now.
 */
interface Live {
  /** Orders placed by the demo practice during set-up: one to ship, one for everything else. */
  order: number;
  orderLine: number;
  shipOrder: number;
  /** A shipped order of the demo practice (the demo data's statuses follow its dates). */
  shippedOrder: number;
  /** The demo data's order waiting for approval. */
  pendingOrder: number;
  /** The demo's split order and its personalised line (seed-production.ts). */
  productionOrder: number;
  productionLine: number;
  /** A personalised line (the demo's approved postcard proof) of an order placed now. */
  printLine: number;
}
const withBody = (e: Input, fields: Json): Input => ({ ...e, body: { ...(e.body as Json), ...fields } });
const LIVE_EXAMPLES: Record<string, (example: Input, live: Live) => Input> = {
  "POST /api/order/query": (e, live) => withBody(e, { id: live.order }),
  "POST /api/order/cancel": (e, live) => withBody(e, { order_id: live.order }),
  "POST /api/order/reorder": (e, live) => withBody(e, { order_id: live.shippedOrder }),
  "POST /api/fulfilment/query": (e, live) => withBody(e, { id: live.order }),
  "POST /api/fulfilment/status": (e, live) => withBody(e, { order_id: live.order }),
  "POST /api/fulfilment/backorder": (e, live) =>
    withBody(e, {
      order_id: live.order,
      // The documented expected day is a fixed one; a back order needs a day still ahead.
      lines: ((e.body as Json).lines as Json[]).map((l) => ({
        ...l,
        order_product_id: live.orderLine,
        expected_date: portalDay(new Date(Date.now() + 21 * 86_400_000)),
      })),
    }),
  // The documented ship date is a fixed day; the order shipped here was placed today.
  "POST /api/fulfilment/ship": (e, live) => withBody(e, { order_id: live.shipOrder, shipped_on: portalDay() }),
  "POST /api/fulfilment/cancel": (e, live) => withBody(e, { order_id: live.order }),
  "POST /api/fulfilment/lines/move": (e, live) =>
    withBody(e, { order_id: live.productionOrder, order_product_ids: [live.productionLine] }),
  "POST /api/fulfilment/lines/sendBack": (e, live) =>
    withBody(e, { order_id: live.productionOrder, order_product_id: live.productionLine }),
  "POST /api/approvals/query": (e, live) => withBody(e, { order_id: live.pendingOrder }),
  "POST /api/approvals/decide": (e, live) => withBody(e, { order_id: live.pendingOrder }),
  "POST /api/print/file": (e, live) => withBody(e, { order_product_ids: [live.printLine] }),
};

/**
 * A personalised line of an order the demo practice places now: its proof of the postcard
 * approved first (issue 24), so the print file's example has a line to print.
 */
async function personalisedLine(
  t: TestApp,
  post: (url: string, payload: unknown, headers: Record<string, string>) => Promise<unknown>,
  practice: Record<string, string>,
) {
  const proof = (await post("/api/proof/query", { product_id: 990001 }, practice)) as { id: number } | undefined;
  await post("/api/proof/approve", { proof_id: proof?.id ?? 0 }, practice);
  const order = {
    contact_name: "Maria Lopez",
    contact_phone: "415-555-0100",
    email: "maria.lopez@happypaws.test",
    delivery_method_id: 1,
    items: [{ id: 990001, quantity: 1 }],
  };
  const id = await post("/api/order/add", order, practice);
  const [line] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from order_products where order_id = ${Number(id)}`,
  );
  return line?.id ?? 0;
}

/** A 1×1 PNG: the upload example's file. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function operationsOf(document: Json): Operation[] {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    if (path.startsWith("/api/docs")) continue;
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as Json[];
      operations.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        access: String(op["x-access"]),
        exampleCaller: op["x-example-caller"] as string | undefined,
        bodyTypes: ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Media>,
        query: parameters
          .filter((p) => p.in === "query")
          .map((p) => ({
            name: p.name as string,
            schema: p.schema as Schema,
            required: p.required === true,
            example: p.example,
          })),
        responses: op.responses as Operation["responses"],
      });
    }
  }
  return operations;
}

/** What one request sends: a body in one of the documented media types, and query values. */
interface Input {
  mediaType?: string;
  body?: unknown;
  query?: Record<string, unknown>;
}

function multipart(fields: Record<string, unknown>) {
  const boundary = "----vetportal-property";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const isFile = name === "file";
    const head = isFile
      ? `Content-Disposition: form-data; name="file"; filename="image.png"\r\nContent-Type: image/png`
      : `Content-Disposition: form-data; name="${name}"`;
    parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    parts.push(isFile ? (Buffer.isBuffer(value) ? value : Buffer.from(String(value))) : Buffer.from(String(value)));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(app: TestApp["app"], op: Operation, headers: Record<string, string>, input: Input) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) search.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  const url = search.size ? `${op.path}?${search}` : op.path;
  const request = { method: op.method as "GET" | "POST", url, headers: { ...headers } };
  if (input.mediaType === "application/json") {
    return app.inject({
      ...request,
      payload: JSON.stringify(input.body),
      headers: { ...request.headers, "content-type": "application/json" },
    });
  }
  if (input.mediaType === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries((input.body ?? {}) as Json)) {
      if (value !== undefined) form.set(name, String(value));
    }
    return app.inject({
      ...request,
      payload: form.toString(),
      headers: { ...request.headers, "content-type": "application/x-www-form-urlencoded" },
    });
  }
  if (input.mediaType === "multipart/form-data") {
    const { payload, contentType } = multipart((input.body ?? {}) as Json);
    return app.inject({ ...request, payload, headers: { ...request.headers, "content-type": contentType } });
  }
  return app.inject(request);
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Bodies from a schema: generated from scratch, or the documented example with some of its fields
 * generated afresh (added, changed or left out), so many inputs get past "not found" to the rules
 * behind it.
 */
function bodyArbitrary(media: Media): fc.Arbitrary<unknown> {
  const generated = arbitraryOf(media.schema ?? {});
  const example = media.example;
  const names = Object.keys(media.schema?.properties ?? {});
  if (!isObject(example) || names.length === 0) return generated;
  const nearExample = fc.tuple(generated, fc.subarray(names, { minLength: 1 })).map(([fresh, changed]) => {
    const body: Json = { ...example };
    for (const name of changed) {
      if (isObject(fresh) && name in fresh) body[name] = fresh[name];
      else delete body[name];
    }
    return body;
  });
  return fc.oneof(generated, nearExample);
}

/** An arbitrary of an operation's whole input: one documented media type's body, and its query. */
function inputArbitrary(op: Operation): fc.Arbitrary<Input> {
  const bodies = Object.entries(op.bodyTypes).map(([mediaType, media]) =>
    bodyArbitrary(media).map((body) => ({ mediaType, body })),
  );
  const body = bodies.length ? fc.oneof(...bodies) : fc.constant({});
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, arbitraryOf(p.schema)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
  return fc.tuple(body, query).map(([b, q]) => ({ ...b, query: q as Record<string, unknown> }));
}

/** The documented example input of an operation, if it has one. */
function exampleOf(op: Operation): Input | undefined {
  const query = Object.fromEntries(op.query.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
  const [mediaType, media] = Object.entries(op.bodyTypes)[0] ?? [];
  // A file cannot be written in the document: the upload's example gets a 1×1 PNG.
  if (media?.example !== undefined && mediaType === "multipart/form-data") {
    return { mediaType, body: { ...(media.example as Json), file: PNG }, query };
  }
  if (media?.example !== undefined) return { mediaType, body: media.example, query };
  if (Object.keys(query).length) return { query };
  if (!mediaType && op.query.length === 0) return {};
  return undefined;
}

describe("every operation of the OpenAPI document keeps its promises", () => {
  let shared: TestApp;
  let own: TestApp;
  let operations: Operation[];
  const validator = { of: (_schema: unknown) => (_value: unknown) => true as boolean };
  const tokens: Record<Caller, Record<string, string>> = { anonymous: {}, practice: {}, administrator: {} };
  const appOf = (caller: Caller) => (caller === "administrator" ? own : shared);

  const live = {} as Record<"shared" | "own", Live>;
  const setupProblems: string[] = [];

  /** Live values on one app: an order or two of the demo practice, a refresh token, a set-password link, an export. */
  async function prepareLive(t: TestApp, practice: Record<string, string>, admin: Record<string, string>) {
    const post = async (url: string, payload: unknown, headers: Record<string, string>) => {
      const res = await t.app.inject({ method: "POST", url, payload: payload as never, headers });
      // A failed step leaves its live value out; the examples test reports it.
      if (res.statusCode !== 200) setupProblems.push(`set-up ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.statusCode === 200 ? (res.json() as { data: unknown }).data : undefined;
    };
    const example = (key: string) => exampleOf(operations.find((op) => op.key === key) as Operation)?.body;
    const order = (await post("/api/order/add", example("POST /api/order/add"), practice)) as number;
    const shipOrder = (await post("/api/order/add", example("POST /api/order/add"), practice)) as number;
    const desk = (await post("/api/fulfilment/query", { id: order }, admin)) as { lines: { id: number }[] } | undefined;
    const [shipped] = await queryRows<{ id: number }>(
      t.db,
      sql`select min(id) as id from orders where user_id = 2 and order_status_id = 5`,
    );
    const [pending] = await queryRows<{ id: number }>(
      t.db,
      sql`select min(order_id) as id from approval_requests where status = 'pending'`,
    );
    const [production] = await queryRows<{ id: number; order_id: number }>(
      t.db,
      sql`select id, order_id from order_products where production_status_id is not null order by id limit 1`,
    );
    const printLine = await personalisedLine(t, post, practice);
    return {
      productionOrder: Number(production?.order_id),
      productionLine: Number(production?.id),
      order,
      printLine,
      orderLine: desk?.lines[0]?.id ?? 0,
      shipOrder,
      shippedOrder: Number(shipped?.id),
      pendingOrder: Number(pending?.id),
    };
  }

  const setupAdmin = {} as Record<"shared" | "own", Record<string, string>>;
  let nextLinkUser = 5;

  /** A fresh value for a LIVE_VALUES word, on one app. */
  async function freshSecret(which: "shared" | "own", word: string): Promise<string> {
    const t = which === "shared" ? shared : own;
    const admin = setupAdmin[which];
    if (word === LIVE_VALUES.refreshToken) return (await signInPractice(t.app)).data;
    if (word === LIVE_VALUES.exportCode) {
      const exportOp = operations.find((op) => op.key === "POST /api/report/export") as Operation;
      const res = await t.app.inject({
        method: "POST",
        url: exportOp.path,
        payload: exampleOf(exportOp)?.body as never,
        headers: admin,
      });
      return (res.json() as { data?: { export_code?: string } }).data?.export_code ?? "";
    }
    // A set-password link of a demo practice not used before (a new link retires the user's older ones).
    const id = nextLinkUser++;
    await t.app.inject({ method: "POST", url: "/api/user/sendPasswordLink", payload: { id }, headers: admin });
    const [mail] = await queryRows<{ text: string }>(
      t.db,
      sql`select text from email_outbox where text like '%set-password#token=%' order by id desc limit 1`,
    );
    return /token=([^\s&"]+)/.exec(mail?.text ?? "")?.[1] ?? "";
  }

  /** The example with every LIVE_VALUES word replaced by a fresh value. */
  async function withSecrets(which: "shared" | "own", value: unknown): Promise<unknown> {
    const words = Object.values(LIVE_VALUES) as string[];
    if (typeof value === "string") return words.includes(value) ? freshSecret(which, value) : value;
    if (Array.isArray(value)) return Promise.all(value.map((v) => withSecrets(which, v)));
    if (isObject(value) && !Buffer.isBuffer(value)) {
      const out: Json = {};
      for (const [key, v] of Object.entries(value)) out[key] = await withSecrets(which, v);
      return out;
    }
    return value;
  }

  beforeAll(async () => {
    [shared, own] = await Promise.all([createTestApp(), createTestApp()]);
    tokens.practice = bearer((await signInPractice(shared.app)).access_token);
    tokens.administrator = bearer((await signInAdmin(own.app)).access_token);
    const document = shared.app.swagger() as unknown as Json;
    operations = operationsOf(document);
    setupAdmin.shared = bearer((await signInAdmin(shared.app)).access_token);
    setupAdmin.own = tokens.administrator;
    live.shared = await prepareLive(shared, tokens.practice, setupAdmin.shared);
    live.own = await prepareLive(own, bearer((await signInPractice(own.app)).access_token), tokens.administrator);
    const components = ((document.components as Json).schemas ?? {}) as Record<string, unknown>;
    const compile = schemaValidators(components);
    validator.of = (schema) => {
      const validate = compile(schema);
      return (value) => validate(value) as boolean;
    };
  });
  afterAll(async () => {
    await Promise.all([shared?.close(), own?.close()]);
  });

  async function freshSession(caller: Caller) {
    if (caller === "practice") return bearer((await signInPractice(shared.app)).access_token);
    if (caller === "administrator") return bearer((await signInAdmin(own.app)).access_token);
    return {};
  }

  /** What is wrong with an answer, judged by the document alone; undefined when nothing. */
  function problemWith(op: Operation, res: Awaited<ReturnType<typeof send>>): string | undefined {
    if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 300)}`;
    const documented = op.responses[String(res.statusCode)] ?? op.responses.default;
    if (!documented) {
      return `status ${res.statusCode} is not documented (documented: ${Object.keys(op.responses).join(", ")}): ${res.body.slice(0, 200)}`;
    }
    const content = documented.content;
    if (!content) return undefined;
    const mediaType =
      String(res.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim() ?? "";
    const media = content[mediaType];
    if (!media)
      return `${res.statusCode} answered ${mediaType || "no media type"}, documented ${Object.keys(content).join(", ")}`;
    if (mediaType !== "application/json" || !media.schema) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${res.statusCode} body is not JSON: ${res.body.slice(0, 200)}`;
    }
    if (!validator.of(media.schema)(body)) {
      return `${res.statusCode} body does not match its documented schema: ${res.body.slice(0, 300)}`;
    }
    return undefined;
  }

  /** Sends generated inputs to every operation as `caller`; returns the failures, each reproducible. */
  async function propertiesAs(caller: Caller, selected: (op: Operation) => boolean) {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations.filter(selected)) {
      const result = await fc.check(
        fc.asyncProperty(inputArbitrary(op), async (input) => {
          const res = await send(appOf(caller).app, op, tokens[caller], input);
          sent++;
          const problem = problemWith(op, res);
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${caller} ${op.key} with ${JSON.stringify(result.counterexample?.[0]).slice(0, 300)}: ${(result.errorInstance as Error | undefined)?.message}`,
        );
      }
    }
    return { failures, sent };
  }

  /** Which caller an example is for: the public routes' anyone, the admin routes' administrator, else a practice. */
  const exampleCaller = (op: Operation): Caller =>
    (op.exampleCaller as Caller | undefined) ??
    (op.access === "public" ? "anonymous" : op.access === "admin" ? "administrator" : "practice");

  const PROBES = new Set(["GET /api/health", "GET /api/ready"]);

  it("documents every operation with an example, the error shape and its security", () => {
    expect(operations.length).toBeGreaterThan(0);
    const missing = operations.filter((op) => exampleOf(op) === undefined).map((op) => op.key);
    expect(missing, "operations without an example").toEqual([]);
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        // The probes (liveness and readiness) answer 503 with their own report, not the error shape.
        if (Number(status) < 400 || PROBES.has(op.key)) continue;
        expect(response.content?.["application/json"]?.schema, `${op.key} ${status}`).toEqual({
          $ref: "#/components/schemas/ErrorBody",
        });
      }
      // Every documented example is admitted by its own schema.
      for (const [mediaType, media] of Object.entries(op.bodyTypes)) {
        if (media.example !== undefined && mediaType !== "multipart/form-data") {
          expect(validator.of(media.schema)(media.example), `${op.key} example`).toBe(true);
        }
      }
    }
  });

  it.each(["anonymous", "practice", "administrator"] as const)(
    "runs each operation's example successfully as %s when it is that caller's",
    { timeout: 120_000 },
    async (caller) => {
      const failures: string[] = [...setupProblems];
      const mine = operations.filter((op) => exampleCaller(op) === caller);
      // Examples that remove what others name (delete, cancel, destroy) after the rest; sign-out last.
      const rank = (op: Operation) =>
        SESSION_ENDING.has(op.key) ? 2 : /\/(delete|cancel|destroy)$/.test(op.path) ? 1 : 0;
      mine.sort((a, b) => rank(a) - rank(b));
      for (const op of mine) {
        const documented = exampleOf(op) as Input;
        const which = caller === "administrator" ? "own" : "shared";
        const withOrders = LIVE_EXAMPLES[op.key]?.(documented, live[which]) ?? documented;
        const example = (await withSecrets(which, withOrders)) as Input;
        // A session-ending example ends a session of its own.
        const headers = SESSION_ENDING.has(op.key) ? await freshSession(caller) : tokens[caller];
        const res = await send(appOf(caller).app, op, headers, example);
        const problem = res.statusCode >= 300 ? `${res.statusCode} ${res.body.slice(0, 300)}` : problemWith(op, res);
        if (problem) failures.push(`${caller} ${op.key} example ${JSON.stringify(example).slice(0, 200)}: ${problem}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it.each(["anonymous", "practice", "administrator"] as const)(
    "answers generated input as %s only with documented statuses, media types and bodies, never 5xx",
    { timeout: 180_000 },
    async (caller) => {
      const { failures, sent } = await propertiesAs(caller, (op) => !SESSION_ENDING.has(op.key));
      expect(sent).toBeGreaterThan(operations.length);
      expect(failures).toEqual([]);
    },
  );

  it("answers every other method of a documented path with 405, Allow and the error shape", async () => {
    const failures: string[] = [];
    const byPath = new Map<string, Set<string>>();
    for (const op of operations) byPath.set(op.path, (byPath.get(op.path) ?? new Set()).add(op.method));
    for (const [path, methods] of byPath) {
      const other = methods.has("GET") ? "DELETE" : "GET";
      const res = await shared.app.inject({ method: other, url: path.replace(/\{\w+\}/g, "1") });
      const allow = String(res.headers.allow ?? "")
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean);
      const body = JSON.parse(res.body) as Json;
      if (res.statusCode !== 405) failures.push(`${other} ${path}: ${res.statusCode}`);
      else if (![...methods].every((m) => allow.includes(m))) failures.push(`${other} ${path}: Allow ${allow}`);
      else if ((body.error as Json | undefined)?.code !== "METHOD_NOT_ALLOWED")
        failures.push(`${other} ${path}: ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it("ends sessions last: sign-out with generated input answers as documented", async () => {
    for (const caller of ["anonymous", "practice", "administrator"] as const) {
      const { failures } = await propertiesAs(caller, (op) => SESSION_ENDING.has(op.key));
      expect(failures).toEqual([]);
    }
  });
});
