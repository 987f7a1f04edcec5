import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { join } from "node:path";
import { ORDER_STATUS } from "@vetportal/contract";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, freePort, PRACTICE } from "./helpers.ts";
import { type ApiProcess, useApiBundle } from "./support/api-process.ts";
import { orderBody } from "./support/fixtures.ts";
import { useOwnPostgresDatabase } from "./support/own-database.ts";
import { smtpListener } from "./support/smtp-listener.ts";

/**
 * Several API processes on one PostgreSQL database (issue 20 §1, decision 024): three processes
 * start together on an empty database (migrations and the demo seed run once), then two of them
 * serve an order storm through a round-robin proxy, with double submits and lost answers retried
 * under the same Idempotency-Key, practice and staff cancels, shipments and set-password links,
 * while both send the outbox through one slow SMTP server (150 ms a message). No order is lost
 * or stored twice, every message is delivered exactly once, every "once" effect happens once, and
 * a change or a sign-out through one process holds in the other within a second. Last, a process
 * is killed while its relay holds a message: another sends what it had claimed once its lease is
 * over, each message once.
 */
const MAIL_DELAY_MS = 150;
const CLIENTS = 6;
const ORDERS_PER_CLIENT = 12;
const STOCK_PRODUCT = 976_001;
const PLAIN_PRODUCT = 976_002;
const LOW = 150;
const JOURNAL = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "drizzle", "meta", "_journal.json"), "utf8"),
) as { entries: unknown[] };

const api = useApiBundle("processes-test");
// Processes that start together on an empty database migrate and seed it once (decision 024).
const ownDb = useOwnPostgresDatabase({ empty: true, prefix: "vp_procs" });
let sql: pg.Client;
let processes: ApiProcess[] = [];
let proxy: Server;
let proxyBase: string;
let smtp: ReturnType<typeof smtpListener>;
let smtpPort: number;

const messageIdOf = (raw: string) => /^Message-ID: *(<[^>]+>)/im.exec(raw)?.[1] ?? "";
/** The outbox row a Message-ID stands for (decision 024). */
const rowOf = (messageId: string) => Number(/^<outbox\.(\d+)\./.exec(messageId)?.[1]);

/** What the SMTP server accepted: one entry per message, with its Message-ID. */
const delivered: { messageId: string; to: string[]; raw: string }[] = [];

beforeAll(async () => {
  const url = ownDb.url;
  smtpPort = await freePort();
  // A slow relay: each message is accepted MAIL_DELAY_MS after its data arrived.
  smtp = smtpListener(
    smtpPort,
    ({ to, raw }) => delivered.push({ messageId: messageIdOf(raw), to, raw }),
    MAIL_DELAY_MS,
  );
  await smtp.start();
  await api.build();
  const env = {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: "4",
    SEED_DEMO_DATA: "true",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_INTERVAL_MS: "1000",
    // The start-up summary says whether this process seeded.
    LOG_LEVEL: "info",
  };
  processes = await Promise.all([api.start(env), api.start(env), api.start(env)]);
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  api.cleanUp();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await smtp?.stop();
  await sql?.end();
});

/**
 * A load balancer: each request goes to the next process in turn. A request with the header
 * `x-lose-answer` is carried out, but its answer is lost on the way back (502), as when a
 * connection breaks after the API committed.
 */
function roundRobin(bases: string[]): Promise<Server> {
  let next = 0;
  const balancer = createServer((req, res) => {
    const target = new URL(bases[next++ % bases.length] as string);
    const lose = req.headers["x-lose-answer"] !== undefined;
    const { "x-lose-answer": _, ...forwarded } = req.headers;
    const headers = { ...forwarded, host: target.host };
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (lose) {
          answer.resume();
          answer.on("end", () => res.writeHead(502).end());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => balancer.listen(0, "127.0.0.1", () => resolve(balancer)));
}

async function call(base: string, path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: { data?: unknown; access_token?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

const signIn = async (base: string, body: Record<string, unknown>) => {
  const res = await call(base, "/api/auth", body);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.json.access_token as string;
};
const rows = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];
const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
/** A message's text as written (nodemailer sends long lines quoted-printable). */
const quotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("several API processes on one PostgreSQL database", () => {
  it("start together on an empty database: the migrations and the demo seed run once", async () => {
    const seeded = processes.map((p) => /"seeded":(true|false)/.exec(p.output())?.[1]);
    expect(seeded.sort()).toEqual(["false", "false", "true"]);
    const [migrations] = await rows<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(migrations?.n).toBe(JOURNAL.entries.length);
    const [admins] = await rows<{ n: number }>("select count(*)::int as n from users where email = $1", [ADMIN.email]);
    expect(admins?.n).toBe(1);
    // Two processes serve the rest; the third stops cleanly.
    const third = processes.pop() as ApiProcess;
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  });

  it("serve an order storm with retries, cancels, ships and set-password links: every order and every email once", async () => {
    proxy = await roundRobin(processes.map((p) => p.base));
    proxyBase = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    const practice = await signIn(proxyBase, { method: "address", ...PRACTICE });
    const admin = await signIn(proxyBase, { method: "password", ...ADMIN });
    for (const [id, tracked] of [
      [STOCK_PRODUCT, true],
      [PLAIN_PRODUCT, false],
    ] as const) {
      await sql.query(
        `insert into products (id, customer_id, product_category_id, name, min_quantity, max_quantity,
           is_in_inventory, no_order_below_zero_inventory, low_inventory_amount)
         values ($1, 1850, 2101, $2, 1, 10, $3, $3, $4)`,
        [id, `Storm Brochure ${id}`, tracked, tracked ? LOW : 0],
      );
      await sql.query("insert into product_price_ranges (product_id, min_quantity, price_cents) values ($1, 1, 500)", [
        id,
      ]);
    }
    const replenish = await call(
      proxyBase,
      "/api/inventory/replenish",
      { product_id: STOCK_PRODUCT, quantity: 250 },
      admin,
    );
    expect(replenish.status, replenish.text).toBe(200);

    // The storm: each order once, twice at the same moment (a double submit), or with its first
    // answer lost and then retried; all under one Idempotency-Key per order.
    const run = randomUUID().slice(0, 8);
    const answers = new Map<string, number[]>();
    const failures: string[] = [];
    const place = async (key: string, quantity: number, lose = false) => {
      const res = await call(
        proxyBase,
        "/api/order/add",
        orderBody(
          [
            { id: STOCK_PRODUCT, quantity },
            { id: PLAIN_PRODUCT, quantity: 1 },
          ],
          { shipping_instruction: key },
        ),
        practice,
        { "idempotency-key": key, ...(lose ? { "x-lose-answer": "1" } : {}) },
      );
      if (lose && res.status === 502) return;
      if (res.status !== 200) failures.push(`${key}: ${res.status} ${res.text}`);
      else answers.set(key, [...(answers.get(key) ?? []), res.json.data as number]);
    };
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < ORDERS_PER_CLIENT; i++) {
          const key = `${run}-${client}-${i}`;
          const quantity = 1 + ((client + i) % 3);
          if (i % 4 === 1) await Promise.all([place(key, quantity), place(key, quantity)]);
          else if (i % 4 === 2) {
            await place(key, quantity, true);
            await place(key, quantity);
          } else await place(key, quantity);
        }
      }),
    );
    expect(failures).toEqual([]);
    const keys = CLIENTS * ORDERS_PER_CLIENT;
    const stored = new Map(
      (
        await rows<{ key: string; ids: number[] }>(
          "select shipping_instruction as key, array_agg(id order by id) as ids from orders where shipping_instruction like $1 group by 1",
          [`${run}-%`],
        )
      ).map((r) => [r.key, r.ids]),
    );
    expect(stored.size).toBe(keys);
    expect([...stored].filter(([, ids]) => ids.length !== 1)).toEqual([]);
    expect(answers.size).toBe(keys);
    for (const [key, ids] of answers) expect(new Set(ids), key).toEqual(new Set(stored.get(key)));

    // Practice cancels, staff cancels and shipments, each sent twice at once (one to each process).
    const orderIds = [...stored.values()].map((ids) => ids[0] as number).sort((a, b) => a - b);
    const twice = (path: string, body: unknown, token: string) =>
      Promise.all([call(proxyBase, path, body, token), call(proxyBase, path, body, token)]);
    const changes = await Promise.all([
      ...orderIds.slice(0, 8).map((id) => twice("/api/order/cancel", { order_id: id }, practice)),
      ...orderIds
        .slice(8, 16)
        .map((id) => twice("/api/fulfilment/cancel", { order_id: id, note: "Storm cancel" }, admin)),
      ...orderIds.slice(16, 26).map((id, n) =>
        twice(
          "/api/fulfilment/ship",
          {
            order_id: id,
            shipped_on: today(),
            packages: [{ carrier: "UPS", tracking_number: `1Z999AA1${String(n).padStart(10, "0")}` }],
          },
          admin,
        ),
      ),
    ]);
    for (const pair of changes) {
      expect(pair.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
      expect(
        pair.every((r) => r.status === 200 || r.status === 409),
        pair.map((r) => r.text).join("\n"),
      ).toBe(true);
    }
    const [statuses] = await rows<{ cancelled: number; shipped: number }>(
      `select count(*) filter (where date_shipped is not null)::int as shipped,
              count(*) filter (where order_status_id = $2)::int as cancelled
         from orders where id = any($1)`,
      [orderIds, ORDER_STATUS.CANCELLED],
    );
    expect(statuses).toEqual({ shipped: 10, cancelled: 16 });

    // Set-password links: three new staff users, each sent three links at once through the proxy.
    const staff = [1, 2, 3].map((n) => ({
      practice_name: `Storm Office ${n}`,
      email: `storm${n}-${run}@vetportal.test`,
      phone: "614-555-0100",
      contact: `Sam Storm${n}`,
      line1: `${n} Broad Street`,
      city: "Columbus",
      state: "OH",
      zip_code: "43215",
      user_level_id: 3,
    }));
    const staffIds: number[] = [];
    for (const form of staff) {
      const added = await call(proxyBase, "/api/user/add", form, admin);
      expect(added.status, added.text).toBe(200);
      staffIds.push((added.json.data as { id: number }).id);
    }
    await Promise.all(
      staffIds.map(async (id) => {
        const sent = await Promise.all(
          [1, 2, 3].map(() => call(proxyBase, "/api/user/sendPasswordLink", { id }, admin)),
        );
        expect(sent.map((r) => r.status)).toEqual([200, 200, 200]);
      }),
    );
    // However the sends interleaved, only the last link of each user is live.
    const live = await rows<{ user_id: number; n: number }>(
      "select user_id, count(*)::int as n from password_tokens where used_at is null and user_id = any($1) group by 1",
      [staffIds],
    );
    expect(live.map((r) => r.n)).toEqual([1, 1, 1]);

    // Both processes send the outbox until nothing is pending.
    for (let i = 0; i < 240; i++) {
      const [pending] = await rows<{ n: number }>("select count(*)::int as n from email_outbox where status <> 'sent'");
      if (pending?.n === 0) break;
      await sleep(250);
    }
    const outbox = await rows<{ id: number; kind: string; status: string; subject: string }>(
      "select id, kind, status, subject from email_outbox order by id",
    );
    expect(outbox.filter((m) => m.status !== "sent")).toEqual([]);
    const copies = new Map<string, number>();
    for (const m of delivered) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
    const duplicates = [...copies].filter(([, n]) => n > 1);
    expect(duplicates, `${duplicates.length} of ${copies.size} messages delivered more than once`).toEqual([]);
    expect([...copies.keys()].map(rowOf).sort((a, b) => a - b)).toEqual(outbox.map((m) => m.id));
    const kinds = (kind: string) => outbox.filter((m) => m.kind === kind).length;
    expect(kinds("order_confirmation")).toBe(keys);
    expect(outbox.filter((m) => /has shipped/.test(m.subject))).toHaveLength(10);

    // One low-stock alert per crossing of the replenishment point, whichever process crossed it.
    const crossings = await rows<{ n: number }>(
      `select count(*)::int as n from inventory_transactions
        where product_id = $1 and ending_inventory <= $2 and ending_inventory - quantity > $2`,
      [STOCK_PRODUCT, LOW],
    );
    expect(crossings[0]?.n).toBeGreaterThan(0);
    expect(outbox.filter((m) => m.kind === "low_stock" && m.subject.includes(`${STOCK_PRODUCT}`))).toHaveLength(
      crossings[0]?.n ?? -1,
    );

    // Of the links each staff user was sent, exactly one works (through either process).
    for (const form of staff) {
      const tokens = delivered
        .filter((m) => m.to.includes(form.email))
        .map((m) => /set-password[?#]token=([\w-]+)/.exec(quotedPrintable(m.raw))?.[1])
        .filter((token): token is string => token !== undefined);
      expect(tokens).toHaveLength(4);
      const used = await Promise.all(
        tokens.map((token) =>
          call(proxyBase, "/api/auth/setPassword", { token, password: "Storm1pass", confirmPassword: "Storm1pass" }),
        ),
      );
      expect(used.filter((r) => r.status === 200)).toHaveLength(1);
    }
  }, 120_000);

  it("sees a product change and a sign-out made through one process in the other within a second", async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const practice = await signIn(a.base, { method: "address", ...PRACTICE });
    const admin = await signIn(a.base, { method: "password", ...ADMIN });
    const query = () => call(b.base, "/api/product/query", { id: PLAIN_PRODUCT }, practice);
    expect((await query()).json.data).toMatchObject({ max_quantity: 10 });
    const update = await call(
      a.base,
      "/api/product/update",
      {
        id: PLAIN_PRODUCT,
        name: "Storm Brochure, second edition",
        product_category_id: 2101,
        package_quantity: 1,
        min_quantity: 1,
        max_quantity: 30,
        price_ranges: [{ min_quantity: 1, max_quantity: null, price_cents: 500 }],
        is_in_inventory: false,
        no_order_below_zero_inventory: false,
      },
      admin,
    );
    expect(update.status, update.text).toBe(200);
    await sleep(1000);
    expect((await query()).json.data).toMatchObject({ name: "Storm Brochure, second edition", max_quantity: 30 });

    expect((await call(b.base, "/api/useradmin/previlege", {}, practice)).status).toBe(200);
    expect((await call(a.base, "/api/auth/logout", {}, practice)).status).toBe(200);
    await sleep(1000);
    expect((await call(b.base, "/api/useradmin/previlege", {}, practice)).status).toBe(401);
  });
});

describe("an API process that dies mid-send", () => {
  it("has the messages it claimed sent by another process once its lease is over, each once", async () => {
    for (const p of processes.splice(0)) {
      p.child.kill("SIGTERM");
      await p.exited;
    }
    // A relay that takes each message's data and never answers it: the sender is stuck mid-send.
    const held: string[] = [];
    const stuck = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream) {
        let raw = "";
        stream.on("data", (chunk) => {
          raw += chunk;
        });
        stream.on("end", () => held.push(messageIdOf(raw)));
      },
    });
    const stuckPort = await freePort();
    await new Promise<void>((resolve) => stuck.listen(stuckPort, "127.0.0.1", resolve));
    const env = {
      DATABASE_URL: ownDb.url,
      SEED_DEMO_DATA: "false",
      OUTBOX_LEASE_MS: "3000",
      OUTBOX_INTERVAL_MS: "1000",
    };
    try {
      const dying = await api.start({ ...env, SMTP_URL: `smtp://127.0.0.1:${stuckPort}` });
      for (const n of [1, 2, 3]) {
        const res = await call(dying.base, "/api/support/add", {
          full_name: "Maria Lopez",
          email: "maria@happypaws.test",
          phone: "415-555-0101",
          support_category: "Order History",
          description: `Dying sender ${n}`,
        });
        expect(res.status, res.text).toBe(200);
      }
      const queued = await rows<{ id: number }>(
        "select id from email_outbox where status = 'pending' and text like '%Dying sender%' order by id",
      );
      expect(queued).toHaveLength(3);
      for (let i = 0; i < 120 && held.length === 0; i++) await sleep(250);
      expect(held).toHaveLength(1);
      const claimed = await rows<{ id: number }>(
        "select id from email_outbox where status = 'pending' and claimed_until > now() order by id",
      );
      expect(claimed).toEqual(queued);
      dying.child.kill("SIGKILL");
      await dying.exited;

      const before = delivered.length;
      const heir = await api.start({ ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      processes.push(heir);
      for (let i = 0; i < 120; i++) {
        const [pending] = await rows<{ n: number }>(
          "select count(*)::int as n from email_outbox where status <> 'sent'",
        );
        if (pending?.n === 0) break;
        await sleep(250);
      }
      const sent = delivered.slice(before).map((m) => m.messageId);
      expect(sent.map(rowOf).sort((a, b) => a - b)).toEqual(queued.map((r) => r.id));
      expect(sent).toContain(held[0]);
      const after = await rows<{ status: string; attempts: number }>(
        "select status, attempts from email_outbox where id = any($1)",
        [queued.map((r) => r.id)],
      );
      // The attempt the crash cut short counts.
      expect(after).toEqual(queued.map(() => ({ status: "sent", attempts: 2 })));
    } finally {
      await new Promise<void>((resolve) => stuck.close(() => resolve()));
    }
  }, 60_000);
});
