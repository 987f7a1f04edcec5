import { ErrorBodySchema } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, signInAdmin, signInPractice } from "./helpers.ts";
import { type JsonSchema, listOperations, type Operation } from "./openapi-routes.ts";

/**
 * Malformed requests for every route of the OpenAPI document (issue 9 §4, decision 013), sent as
 * anonymous, as a practice and as an administrator. Every answer must be a 4xx (or 2xx) — never
 * ≥ 500 — every error must be the `{ result: 0, error: { code, message } }` envelope, and the
 * database must be exactly as before. The cases are enumerated, not random, so a failure names
 * the route and the value and reproduces as is.
 *
 * Each body is a valid-looking body (sampled from the schema) with exactly one field replaced by a
 * value outside the schema's declared type or range, so no case is a legitimate write.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Case {
  label: string;
  method: Operation["method"];
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** A body the schema refuses (as opposed to one no parser reads). */
  schema?: boolean;
}

const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
const INT4 = 2 ** 31;

/** Strings that satisfy the common patterns of the contract (dates, phones, emails, ZIPs, states). */
const STRING_SAMPLES = ["2024-01-15", "555-555-5555", "fuzz@example.com", "94105", "CA", "fuzz"];

/** A value the schema accepts as far as its JSON Schema tells (refinements are invisible here). */
function sample(schema: JsonSchema): Json {
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.[0]) return sample(options[0]);
  if (schema.enum) return schema.enum[0] as Json;
  if (schema.default !== undefined) return schema.default as Json;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]));
    case "array": {
      const min = (schema.minItems as number | undefined) ?? 0;
      return Array.from({ length: min }, () => sample(schema.items ?? {}));
    }
    case "integer":
    case "number": {
      const min = (schema.minimum as number | undefined) ?? 1;
      const lowest = schema.exclusiveMinimum === true ? min + 1 : min;
      return Math.max(lowest, Math.min(1, (schema.maximum as number | undefined) ?? 1));
    }
    case "boolean":
      return true;
    case "string": {
      const pattern = schema.pattern ? new RegExp(schema.pattern as string) : undefined;
      const min = (schema.minLength as number | undefined) ?? 0;
      const max = (schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
      const fits = (s: string) => (!pattern || pattern.test(s)) && s.length >= min && s.length <= max;
      return STRING_SAMPLES.find(fits) ?? "x".repeat(Math.max(min, 1));
    }
    default:
      return "fuzz";
  }
}

/** Values outside what the schema declares: wrong types, out-of-range numbers, text no database takes. */
function badValues(schema: JsonSchema): [string, Json][] {
  const options = schema.oneOf ?? schema.anyOf;
  if (options) {
    return [
      ["text", "maybe"],
      ["number 2^31", INT4],
      ["object", {}],
      ["NUL", "\u0000"],
    ];
  }
  if (schema.enum) {
    const numeric = schema.enum.every((v) => typeof v === "number");
    return numeric
      ? [
          ["not an option", Math.max(...(schema.enum as number[])) + 1],
          ["text", "x"],
          ["2^31", INT4],
        ]
      : [
          ["not an option", "not-an-option"],
          ["number", 7],
          ["NUL", "a\u0000"],
          ["lone surrogate", "\ud800"],
        ];
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
    case "number": {
      const values: [string, Json][] = [
        ["text", "abc"],
        ["object", {}],
        ["array of text", ["x", "y"]],
        ["fraction", 1.5],
        ["2^31", INT4],
        ["-2^31-1", -INT4 - 1],
        ["2^53", 2 ** 53],
        ["-2^53", -(2 ** 53)],
        ["1e308", 1e308],
        ["20 digits", "99999999999999999999"],
        ["NUL", "1\u0000"],
      ];
      const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
      if (maximum !== undefined && maximum < INT4 - 1) values.push(["maximum + 1", maximum + 1]);
      if (minimum !== undefined && minimum > -INT4) {
        values.push(["below minimum", schema.exclusiveMinimum === true ? minimum : minimum - 1]);
      }
      return values;
    }
    case "boolean":
      return [
        ["text", "maybe"],
        ["number", 2],
        ["object", {}],
      ];
    case "string": {
      const values: [string, Json][] = [
        ["number", 12345],
        ["object", {}],
        ["array", ["x"]],
        ["boolean", true],
        ["NUL", "a\u0000b"],
        ["lone high surrogate", "a\ud800b"],
        ["lone low surrogate", "\udc00"],
        ["too long", "x".repeat(((schema.maxLength as number | undefined) ?? 5000) + 1)],
      ];
      if (schema.pattern === DATE_PATTERN) {
        values.push(
          ["year 0000", "0000-01-01"],
          ["2023-02-30", "2023-02-30"],
          ["year 1899", "1899-12-31"],
          ["year 2101", "2101-01-01"],
          ["month 13", "2024-13-01"],
        );
      }
      return values;
    }
    case "array": {
      const values: [string, Json][] = [
        ["text", "x"],
        ["object", {}],
      ];
      const maxItems = schema.maxItems as number | undefined;
      if (maxItems !== undefined) {
        values.push(["too many items", Array.from({ length: maxItems + 1 }, () => sample(schema.items ?? {}))]);
      }
      return values;
    }
    case "object":
      return [
        ["text", "x"],
        ["array", []],
        ["number", 5],
      ];
    default:
      return [];
  }
}

/** Every single-field mutation of `base` under `schema`, nested fields and array items included. */
function* mutations(schema: JsonSchema, base: Json, path: string): Generator<[string, Json]> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" && schema.properties) {
    const object = (base && typeof base === "object" && !Array.isArray(base) ? base : {}) as Record<string, Json>;
    for (const [key, property] of Object.entries(schema.properties)) {
      const child = object[key] ?? sample(property);
      const where = path ? `${path}.${key}` : key;
      for (const [label, value] of badValues(property)) yield [`${where} = ${label}`, { ...object, [key]: value }];
      for (const [label, value] of mutations(property, child, where)) yield [label, { ...object, [key]: value }];
    }
  } else if (type === "array" && schema.items) {
    const item = sample(schema.items);
    for (const [label, value] of badValues(schema.items)) yield [`${path}.0 = ${label}`, [value]];
    for (const [label, value] of mutations(schema.items, item, `${path}.0`)) yield [label, [value]];
  }
}

const multipart = (boundary: string, fields: Record<string, string>) =>
  `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("")}--${boundary}--\r\n`;

/** Bodies every POST route must refuse before its handler runs, whatever its schema. */
function unreadableBodies(op: Operation): Case[] {
  const url = op.url();
  const post = (label: string, payload: string | Buffer, contentType: string): Case => ({
    label,
    method: op.method,
    url,
    payload,
    contentType,
  });
  const cases = [
    post("malformed JSON", '{"a":', "application/json"),
    post("empty body with a JSON content type", "", "application/json"),
    post("JSON with __proto__", '{"__proto__":{"isAdmin":true}}', "application/json"),
    post("JSON with constructor.prototype", '{"constructor":{"prototype":{"isAdmin":true}}}', "application/json"),
    post("plain text", "hello", "text/plain"),
    post("XML", "<a>1</a>", "application/xml"),
    post("JSON in UTF-16", Buffer.from('{"a":1}', "utf16le"), "application/json; charset=utf-16"),
    { label: "a body without a content type", method: op.method, url, payload: "abc" },
    post("multipart without boundary", "x", "multipart/form-data"),
    post("JSON over the size limit", `{"x":"${"x".repeat(2 * 1024 * 1024)}"}`, "application/json"),
  ];
  if (op.path !== "/api/product/image") {
    // Multipart is the upload route's alone: anywhere else even a well-formed form is refused.
    cases.push(post("multipart form", multipart("fz", { id: "1" }), "multipart/form-data; boundary=fz"));
  }
  return cases;
}

/** Bodies refused by the schema: one bad field, extra fields beside it, not an object, bad form data. */
function schemaBodies(op: Operation): Case[] {
  if (!op.body) return [];
  const url = op.url();
  const json = (label: string, body: unknown): Case => ({
    label,
    method: op.method,
    url,
    payload: JSON.stringify(body),
    contentType: "application/json",
    schema: true,
  });
  const cases: Case[] = [];
  for (const variant of op.body.oneOf ?? op.body.anyOf ?? [op.body]) {
    const base = sample(variant);
    for (const [label, body] of mutations(variant, base, "")) {
      cases.push(json(label, body));
    }
    const first = mutations(variant, base, "").next().value;
    if (first) {
      const [label, body] = first;
      cases.push(json(`${label}, with extra fields`, { ...(body as object), extra: "x", is_admin: true, user_id: 1 }));
    }
  }
  cases.push(json("an array", []), json("a number", 2 ** 53), json("a string", "\u0000"));
  const form = (label: string, payload: string): Case => ({
    label,
    method: op.method,
    url,
    payload,
    contentType: "application/x-www-form-urlencoded",
    schema: true,
  });
  const required = op.body.required ?? [];
  if (required.length > 0) {
    // Bytes that are not UTF-8 inside a JSON string (decoded as U+FFFD; the required fields are missing).
    const bytes = Buffer.concat([
      Buffer.from('{"x":"'),
      Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    cases.push({
      label: "JSON with invalid UTF-8",
      method: op.method,
      url,
      payload: bytes,
      contentType: "application/json",
      schema: true,
    });
    // Form fields are text: numbers beyond int4, NUL and broken percent-encoding, no required field.
    cases.push(
      form("form data beyond int4 and NUL", "id=2147483648&product_id=%00&name=a%00b&quantity=9007199254740993"),
      form("form data with broken encoding", "q=%E0%A4%A&x=%zz&y=%ED%A0%80"),
      form("form data with nested keys", "a[b][c]=1&a=2&__proto__=x"),
    );
  }
  return cases;
}

/** Query strings refused by the schema, and broken percent-encoding on every GET route. */
function queryCases(op: Operation): Case[] {
  if (op.method !== "GET") return [];
  const get = (label: string, query: string): Case => ({ label, method: "GET", url: `${op.url()}?${query}` });
  const cases = [get("broken percent-encoding in the query", "q=%E0%A4%A&r=%zz")];
  for (const name of Object.keys(op.query?.properties ?? {})) {
    cases.push(
      get(`${name} = NUL`, `${name}=abcdefghij%00klm`),
      get(`${name} = lone surrogate (WTF-8)`, `${name}=abcdefghij%ED%A0%80`),
      get(`${name} = too long`, `${name}=${"x".repeat(5000)}`),
      get(`${name} twice`, `${name}=abcdefghijk&${name}=abcdefghijk`),
      get(`${name} empty`, `${name}=`),
    );
  }
  return cases;
}

/**
 * The public image routes are hidden from the OpenAPI document (they are not API calls), so they
 * are listed here; the test checks they still exist.
 */
const HIDDEN_ROUTES = ["/media/categories/:id.svg", "/media/products/:id.svg", "/media/uploads/:id"];
const BAD_IDS = [
  "2147483648",
  "9007199254740993",
  "99999999999999999999",
  "-1",
  "0",
  "1.5",
  "1e3",
  "abc",
  "%00",
  "%E0%A4%A",
  "x".repeat(150),
];

function hiddenRouteCases(): Case[] {
  const cases: Case[] = [];
  for (const route of HIDDEN_ROUTES) {
    for (const id of BAD_IDS) {
      cases.push({ label: `id = ${id.slice(0, 20)}`, method: "GET", url: route.replace(":id", id) });
    }
  }
  for (const category of BAD_IDS) {
    cases.push({
      label: `category = ${category.slice(0, 20)}`,
      method: "GET",
      url: `/media/products/1.svg?category=${category}`,
    });
  }
  return cases;
}

/** Row count and checksum of every table but those a refused request may legitimately write. */
async function snapshot(t: Awaited<ReturnType<typeof createTestApp>>) {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    // Sign-in throttling counts attempts, and may count refused ones (decision 003).
    if (name === "rate_limits") continue;
    const [row] = await queryRows<{ rows: string; sum: string }>(
      t.db,
      sql`select count(*)::text as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
          from ${sql.identifier(name)} t`,
    );
    result[name] = `${row?.rows} rows, md5 ${row?.sum}`;
  }
  return result;
}

describe("fuzzing every route with malformed input", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const tokens: Record<string, Record<string, string>> = { anonymous: {} };
  let cases: Case[];
  let before: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    tokens.practice = bearer((await signInPractice(t.app)).access_token);
    tokens.administrator = bearer((await signInAdmin(t.app)).access_token);
    // The sessions above exist before the snapshot, so the comparison covers sessions too.
    before = await snapshot(t);

    const operations = listOperations(t.app);
    expect(operations.length).toBeGreaterThan(50);
    for (const route of HIDDEN_ROUTES) expect(t.app.hasRoute({ method: "GET", url: route })).toBe(true);
    cases = [...hiddenRouteCases()];
    for (const op of operations) {
      if (op.method === "POST") cases.push(...unreadableBodies(op), ...schemaBodies(op));
      cases.push(...queryCases(op));
    }
    // Sign-out is the one route a bodiless request may legitimately use: fuzz it last.
    cases.sort((a, b) => Number(a.url === "/api/auth/logout") - Number(b.url === "/api/auth/logout"));
  });
  afterAll(() => t.close());

  /**
   * Sends every case as `who`. A route that refuses `who` outright (401/403 on an empty request)
   * gets only the unreadable bodies: its auth check runs before the body is read, so the rest
   * would test nothing more.
   */
  async function fuzzAs(who: string) {
    const refused = new Set<string>();
    const failures: string[] = [];
    let sent = 0;
    for (const c of cases) {
      const route = `${c.method} ${c.url.split("?")[0]}`;
      if (refused.has(route) && c.schema) continue;
      const headers: Record<string, string> = { ...tokens[who] };
      if (c.contentType) headers["content-type"] = c.contentType;
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers });
      sent++;
      if (res.statusCode === 401 || res.statusCode === 403) refused.add(route);
      const where = `${who} ${c.method} ${c.url.slice(0, 80)} [${c.label}]`;
      if (res.statusCode >= 500) {
        failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      } else if (res.statusCode >= 400 && !ErrorBodySchema.safeParse(safeJson(res.body)).success) {
        failures.push(`${where}: ${res.statusCode} without the error envelope: ${res.body.slice(0, 200)}`);
      }
    }
    return { sent, failures };
  }

  it.each(["anonymous", "practice", "administrator"])(
    "answers every malformed request as %s with a 4xx error envelope, never 5xx",
    { timeout: 120_000 },
    async (who) => {
      const { sent, failures } = await fuzzAs(who);
      expect(sent).toBeGreaterThan(500);
      expect(failures.slice(0, 40), `${failures.length} of ${sent} answers failed`).toEqual([]);
      // No malformed request signed the caller out (which would also have hidden later cases).
      const privileges = await t.app.inject({ method: "POST", url: "/api/useradmin/previlege", headers: tokens[who] });
      expect(privileges.statusCode).toBe(who === "anonymous" ? 401 : 200);
    },
  );

  it("leaves every table as it was", async () => {
    expect(await snapshot(t)).toEqual(before);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
