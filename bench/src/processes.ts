/**
 * Several processes benchmark (issue 20 §1; bench/README.md "Several API processes"): the order
 * storm through one API process and through two on one PostgreSQL server (durable settings), each
 * behind the same round-robin HTTP proxy in this process, with a slow SMTP relay. Records orders/s,
 * p99, duplicate orders (one Idempotency-Key stored twice) and duplicate or lost emails once the
 * outbox has drained.
 *
 *   npm run bench:processes [-- --worktree [--no-build] | --commit REV] [--duration 10
 *                            --connections 10 --practices 12 --mail-delay 25 --wait-quiet SECONDS]
 *
 * Every tenth order is sent again with the Idempotency-Key of the one before it (a retry), which
 * must answer that order and store nothing. Emails are told apart by their subject, recipients and
 * text, so the figures compare with a commit from before the outbox's claims (--commit 92c5425).
 */
import type { ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon, { type Request } from "autocannon";
import pg from "pg";
import { DEMO_PRACTICES } from "../../apps/api/src/db/seed/demo-people.ts";
import { freePort, prepareApi, type RunningApi, sleep, startApi, stopProcess } from "./api-under-test.ts";
import { waitQuiet } from "./cpu.ts";
import { startDurablePostgres } from "./durable-postgres.ts";
import { orderItems, prepareShoppers, type Shopper } from "./shoppers.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    practices: { type: "string", default: "12" },
    "mail-delay": { type: "string", default: "25" },
    "no-build": { type: "boolean", default: false },
    worktree: { type: "boolean", default: false },
    commit: { type: "string" },
    "wait-quiet": { type: "string", default: "0" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const MAIL_DELAY_MS = Number(args["mail-delay"]);
const PRACTICES = DEMO_PRACTICES.slice(0, Number(args.practices));

/** A minimal SMTP relay that accepts each message `delayMs` after its data, and keeps it. */
async function smtpSink(delayMs: number) {
  const messages: string[] = [];
  const server = createTcpServer((socket) => {
    let buffer = "";
    let data: string[] | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            const message = data.join("\n");
            data = undefined;
            setTimeout(() => {
              if (socket.destroyed) return; // the sender went away first: not accepted
              messages.push(message);
              reply("250 queued");
            }, delayMs);
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") reply("250 sink");
        else if (command === "DATA") {
          data = [];
          reply("354 end with .");
        } else if (command === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
    socket.on("error", () => undefined);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What tells two emails apart whoever sent them: subject, recipients and text (not Message-ID or Date). */
function mailKey(raw: string) {
  const [head = "", ...body] = raw.split("\n\n");
  const header = (name: string) =>
    new RegExp(`^${name}:(.*(?:\\n[ \\t].*)*)`, "im").exec(head)?.[1]?.replace(/\s+/g, " ").trim() ?? "";
  return createHash("sha256")
    .update(`${header("Subject")}\n${header("To")}\n${header("Cc")}\n${body.join("\n\n")}`)
    .digest("hex");
}

/** A load balancer in front of the processes: each request goes to the next one in turn. */
function roundRobin(bases: string[]): Promise<Server> {
  let next = 0;
  const server = createHttpServer((req, res) => {
    const target = new URL(bases[next++ % bases.length] as string);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
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
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The next order: the next practice, 1–3 of its products; every tenth a retry of the one before. */
function orderRequests(shoppers: Shopper[], run: string): Request {
  let n = 0;
  let last: { headers: Record<string, string>; body: string } | undefined;
  return {
    method: "POST",
    path: "/api/order/add",
    setupRequest: (request) => {
      n++;
      if (last && n % 10 === 0) return { ...request, ...last };
      const shopper = shoppers[n % shoppers.length] as Shopper;
      const count = 1 + (n % 3);
      const items = orderItems(shopper, n, count);
      const key = `${run}-${randomUUID()}`;
      last = {
        headers: {
          authorization: `Bearer ${shopper.token}`,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body: JSON.stringify({
          contact_name: "Process Bench",
          contact_phone: "415-555-0101",
          email: "processes@bench.test",
          delivery_method_id: shopper.deliveryMethodId,
          shipping_instruction: key,
          items,
        }),
      };
      return { ...request, ...last };
    },
  };
}

interface Row {
  processes: number;
  orders: number;
  ordersPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  duplicateOrders: number;
  emails: number;
  delivered: number;
  duplicateEmails: number;
  lostEmails: number;
  drainSeconds: number;
}

async function measure(serverJs: string, url: string, processes: number): Promise<Row> {
  const sink = await smtpSink(MAIL_DELAY_MS);
  const env = {
    DATABASE_URL: url,
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    LOGIN_RATE_LIMIT_PER_IP: "10000",
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    WEB_DIST_DIR: "/nonexistent",
  };
  const running: RunningApi[] = await Promise.all(Array.from({ length: processes }, () => startApi(serverJs, env)));
  const proxy = await roundRobin(running.map((r) => r.base));
  const base = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const shoppers = await prepareShoppers(base, PRACTICES, "processes benchmark");
    // The mail of the set-up (none today) is not the storm's.
    await db.query("update email_outbox set status = 'sent' where status = 'pending'");
    const before = sink.messages.length;
    const run = randomUUID().slice(0, 8);
    process.stdout.write(`${processes} process(es): ${DURATION} s of orders, ${CONNECTIONS} connections … `);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 10,
      requests: [orderRequests(shoppers, run)],
    });
    const [orders] = (
      await db.query<{ orders: number; keys: number }>(
        "select count(*)::int as orders, count(distinct shipping_instruction)::int as keys from orders where shipping_instruction like $1",
        [`${run}-%`],
      )
    ).rows;
    const stored = orders?.orders ?? 0;
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(`${stored} orders, p99 ${result.latency.p99} ms, errors ${errors}`);

    // Let the processes drain the outbox.
    const drainStarted = Date.now();
    let pending = 1;
    while (pending > 0 && Date.now() - drainStarted < 600_000) {
      await sleep(500);
      pending = (await db.query<{ n: number }>("select count(*)::int as n from email_outbox where status = 'pending'"))
        .rows[0]?.n as number;
    }
    await sleep(1000); // a message accepted just now
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    const { rows: queued } = await db.query<{ n: number }>(
      "select count(*)::int as n from email_outbox where created >= now() - $1 * interval '1 second' and status <> 'failed'",
      [Math.ceil((Date.now() - drainStarted) / 1000 + DURATION + 5)],
    );
    const copies = new Map<string, number>();
    for (const raw of sink.messages.slice(before)) copies.set(mailKey(raw), (copies.get(mailKey(raw)) ?? 0) + 1);
    const delivered = sink.messages.length - before;
    const emails = queued[0]?.n ?? 0;
    const duplicateEmails = [...copies.values()].filter((n) => n > 1).length;
    console.log(
      `  outbox: ${emails} messages, ${delivered} delivered in ${drainSeconds.toFixed(1)} s, ${duplicateEmails} delivered more than once`,
    );
    return {
      processes,
      orders: stored,
      ordersPerSecond: (orders?.keys ?? 0) / DURATION,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
      duplicateOrders: stored - (orders?.keys ?? 0),
      emails,
      delivered,
      duplicateEmails,
      lostEmails: Math.max(0, emails - copies.size),
      drainSeconds,
    };
  } finally {
    await db.end();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    proxy.closeAllConnections();
    await Promise.all(running.map((r) => stopProcess(r.child as ChildProcess)));
    await sink.close();
  }
}

async function main() {
  await waitQuiet(Number(args["wait-quiet"]));
  const loadBefore = os.loadavg();
  const api = prepareApi({ worktree: args.worktree, commit: args.commit, build: !args["no-build"] });
  console.log(`API under test: ${api.source} (${api.build})`);
  const postgres = await startDurablePostgres({ prefix: "vetportal-processes-pg", database: "vetportal_one" });
  const rows: Row[] = [];
  try {
    const described = await postgres.describe();
    console.log(`PostgreSQL: ${described}`);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("create database vetportal_two");
    await admin.end();
    rows.push(await measure(api.serverJs, postgres.url, 1));
    const two = new URL(postgres.url);
    two.pathname = "/vetportal_two";
    rows.push(await measure(api.serverJs, two.toString(), 2));
    const loadAfter = os.loadavg();
    const fmt = (n: number) => n.toFixed(2);
    console.log(
      `\nAPI ${api.source}; ${described}; ${os.cpus().length} cores; load average before ${loadBefore.map(fmt).join(" ")}, after ${loadAfter.map(fmt).join(" ")}; relay ${MAIL_DELAY_MS} ms a message\n`,
    );
    console.log(
      "| processes | orders/s | p50 | p99 | errors | duplicate orders | emails queued | delivered | delivered twice | lost | outbox drained in |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.processes} | ${r.ordersPerSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.duplicateOrders} | ${r.emails} | ${r.delivered} | ${r.duplicateEmails} | ${r.lostEmails} | ${r.drainSeconds.toFixed(1)} s |`,
      );
  } finally {
    postgres.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
