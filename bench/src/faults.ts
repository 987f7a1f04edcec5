/**
 * `npm run bench:faults`: database faults under an order storm (issue 9 §2). Starts a throw-away
 * PostgreSQL server of its own with PostgreSQL's durable defaults (fsync, synchronous_commit and
 * full_page_writes on), starts the built API on it, and runs three phases while clients place
 * orders, each with its own Idempotency-Key and the key as its shipping instruction:
 *
 *   cuts     pg_terminate_backend on every API connection, several times;
 *   restart  pg_ctl stop -m fast, then start, twice;
 *   kill -9  the API process killed during the storm and started again, many times.
 *
 * Then every order that got no answer is retried with its key on a live API, and the database is
 * compared with the answers: orders answered, orders stored, duplicates, lost (answered 200 but not
 * stored), 5xx answers, and API processes that ended on their own.
 *
 * Options: --kills 20, --clients 8, --cuts 5, --restarts 2, --seconds 6 (storm length of the cuts
 * and restart phases), --commit REV (the API of that commit; default HEAD), --keep (leave the server's
 * data directory in /tmp for inspection).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildExportedApi, exportApi, freePort, sleep } from "./api-under-test.ts";
import { startDurablePostgres } from "./durable-postgres.ts";

const { values: args } = parseArgs({
  options: {
    kills: { type: "string", default: "20" },
    clients: { type: "string", default: "8" },
    cuts: { type: "string", default: "5" },
    restarts: { type: "string", default: "2" },
    seconds: { type: "string", default: "6" },
    commit: { type: "string", default: "HEAD" },
    keep: { type: "boolean", default: false },
  },
});
const KILLS = Number(args.kills);
const CLIENTS = Number(args.clients);
const CUTS = Number(args.cuts);
const RESTARTS = Number(args.restarts);
const STORM_MS = Number(args.seconds) * 1000;
const PRODUCT = 990_901;
const PRACTICE = { address_name: "Happy Paws Veterinary Clinic", line1: "120 Market Street", zip_code: "94105" };

// --- PostgreSQL server -----------------------------------------------------------------------

const server = await startDurablePostgres({ prefix: "vetportal-faults-pg", database: "vetportal_faults" });
console.log(`PostgreSQL in ${server.dir}: ${await server.describe()}`);
const databaseUrl = server.url;

/** A connection for the runner itself; reopened after a server restart. */
async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// --- API processes -----------------------------------------------------------------------------

const api = exportApi(args.commit);
const { serverJs } = buildExportedApi(api);
console.log(`API under test: ${api.label}`);

interface RunningApi {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Set when the runner itself stops the process (SIGKILL or SIGTERM). */
  stoppedByUs: boolean;
}
let crashes = 0;

async function startApi(seed = false): Promise<RunningApi> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverJs], {
    cwd: join(api.dir, "apps/api"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: String(seed),
      LOG_LEVEL: "silent",
      WEB_DIST_DIR: "/nonexistent",
      LOGIN_RATE_LIMIT_PER_IP: "100000",
    },
    stdio: "ignore",
  });
  const running: RunningApi = {
    base: `http://127.0.0.1:${port}`,
    child,
    stoppedByUs: false,
    exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
  };
  void running.exited.then(() => {
    if (!running.stoppedByUs) crashes++;
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 1200) throw new Error("the API did not start");
    const ok = await fetch(`${running.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return running;
    await sleep(50);
  }
}
async function stopApi(running: RunningApi, signal: NodeJS.Signals) {
  running.stoppedByUs = true;
  running.child.kill(signal);
  await running.exited;
}

// --- Orders --------------------------------------------------------------------------------------

type Answer = { status: number; code?: string; id?: number } | "unanswered";
interface Phase {
  name: string;
  answers: Map<string, Answer>;
}
const run = randomUUID().slice(0, 8);
let sent = 0;
let token = "";

async function placeOrder(base: string, key: string): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api/order/add`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({
        contact_name: "Maria Lopez",
        contact_phone: "415-555-0101",
        email: "maria@happypaws.test",
        delivery_method_id: 1,
        shipping_instruction: key,
        items: [{ id: PRODUCT, quantity: 1 }],
      }),
    });
    const body = (await res.json()) as { data?: number; error?: { code: string } };
    return { status: res.status, code: body.error?.code, id: body.data };
  } catch {
    return "unanswered";
  }
}

/** CLIENTS clients placing orders one after another on `base()` until `until` resolves. */
async function storm(phase: Phase, base: () => string, until: Promise<unknown>) {
  let going = true;
  void until.then(() => {
    going = false;
  });
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (going) {
        const key = `${run}-${sent++}`;
        const answer = await placeOrder(base(), key);
        phase.answers.set(key, answer);
        // A refused connection (the process is gone) answers at once: do not spin on it.
        if (answer === "unanswered") await sleep(20);
      }
    }),
  );
}

// --- Phases --------------------------------------------------------------------------------------

const phases: Phase[] = [];
let live = await startApi(true);
token = await (async () => {
  const res = await fetch(`${live.base}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "address", ...PRACTICE }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
})();
await withDb(async (c) => {
  // Not kept in inventory, so no order is refused for stock: every non-200 answer is a fault.
  await c.query(
    `insert into products (id, customer_id, product_category_id, name, min_quantity, max_quantity, is_in_inventory)
       values ($1, 1850, 2101, 'Fault Bench Brochure', 1, 10, false)`,
    [PRODUCT],
  );
  await c.query("insert into product_price_ranges (product_id, min_quantity, price_cents) values ($1, 1, 500)", [
    PRODUCT,
  ]);
});

{
  const phase: Phase = { name: `connection cuts (pg_terminate_backend × ${CUTS})`, answers: new Map() };
  phases.push(phase);
  console.log(`Phase: ${phase.name}`);
  const faults = (async () => {
    for (let i = 0; i < CUTS; i++) {
      await sleep(STORM_MS / (CUTS + 1));
      await withDb((c) =>
        c.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        ),
      );
    }
    await sleep(STORM_MS / (CUTS + 1));
  })();
  await storm(phase, () => live.base, faults);
}

{
  const phase: Phase = { name: `server restarts (pg_ctl stop -m fast, start × ${RESTARTS})`, answers: new Map() };
  phases.push(phase);
  console.log(`Phase: ${phase.name}`);
  const faults = (async () => {
    for (let i = 0; i < RESTARTS; i++) {
      await sleep(STORM_MS / (RESTARTS + 1) / 2);
      server.stop();
      await sleep(1000);
      server.start();
      await sleep(STORM_MS / (RESTARTS + 1) / 2);
    }
    await sleep(STORM_MS / (RESTARTS + 1));
  })();
  await storm(phase, () => live.base, faults);
}

{
  const phase: Phase = { name: `API kill -9 × ${KILLS}, restarted each time`, answers: new Map() };
  phases.push(phase);
  console.log(`Phase: ${phase.name}`);
  for (let i = 0; i < KILLS; i++) {
    let answered = 0;
    const target = 1 + Math.floor(Math.random() * 8);
    let kill: () => void = () => {};
    const killed = new Promise<void>((resolve) => {
      kill = resolve;
    });
    const before = phase.answers.size;
    const watcher = setInterval(() => {
      answered = [...phase.answers.values()].slice(before).filter((a) => a !== "unanswered").length;
      if (answered >= target) kill();
    }, 5);
    const current = live;
    const stormDone = storm(phase, () => current.base, killed);
    await killed;
    clearInterval(watcher);
    await stopApi(current, "SIGKILL");
    await stormDone;
    live = await startApi();
  }
}

// --- Retries and the tally ---------------------------------------------------------------------

const storedBefore = await ordersByKey();
const retried = new Map<string, Answer>();
for (const phase of phases)
  for (const [key, answer] of phase.answers) {
    const first = answer === "unanswered" || answer.status >= 500;
    if (first) retried.set(key, await placeOrder(live.base, key));
  }
const storedAfter = await ordersByKey();
await stopApi(live, "SIGTERM");

async function ordersByKey() {
  return withDb(async (c) => {
    const { rows } = await c.query<{ key: string; ids: number[] }>(
      "select shipping_instruction as key, array_agg(id order by id) as ids from orders where shipping_instruction like $1 group by 1",
      [`${run}-%`],
    );
    return new Map(rows.map((r) => [r.key, r.ids]));
  });
}

interface Row {
  phase: string;
  sent: number;
  ok: number;
  s503: number;
  s5xx: number;
  other: number;
  unanswered: number;
  stored: number;
  storedUnanswered: number;
  duplicates: number;
  lost: number;
  retryMismatch: number;
}
const rows: Row[] = phases.map((phase) => {
  const entries = [...phase.answers];
  const answered = entries.filter(([, a]) => a !== "unanswered") as [string, { status: number; id?: number }][];
  const ok = answered.filter(([, a]) => a.status === 200);
  return {
    phase: phase.name,
    sent: entries.length,
    ok: ok.length,
    s503: answered.filter(([, a]) => a.status === 503).length,
    s5xx: answered.filter(([, a]) => a.status >= 500 && a.status !== 503).length,
    other: answered.filter(([, a]) => a.status !== 200 && a.status < 500).length,
    unanswered: entries.length - answered.length,
    stored: entries.filter(([key]) => storedBefore.has(key)).length,
    storedUnanswered: entries.filter(([key, a]) => storedBefore.has(key) && (a === "unanswered" || a.status !== 200))
      .length,
    duplicates: entries.filter(([key]) => (storedAfter.get(key)?.length ?? 0) > 1).length,
    lost: ok.filter(([key, a]) => storedBefore.get(key)?.[0] !== a.id).length,
    // An order stored without a 200 must be the one its key's retry returns.
    retryMismatch: entries.filter(([key]) => {
      const before = storedBefore.get(key);
      const again = retried.get(key);
      return before && again && (again === "unanswered" || again.id !== before[0]);
    }).length,
  };
});

const total = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
console.log("");
console.log(
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC · API ${api.label} · ${CLIENTS} clients · PostgreSQL durable defaults (fsync on)`,
);
console.log("");
console.log(
  "| Phase | Orders sent | Answered 200 | Answered 503 | Other 5xx | Other 4xx | No answer | Stored | Stored without a 200 | Duplicates | Lost | Retry returned another order |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.phase} | ${r.sent} | ${r.ok} | ${r.s503} | ${r.s5xx} | ${r.other} | ${r.unanswered} | ${r.stored} | ${r.storedUnanswered} | ${r.duplicates} | ${r.lost} | ${r.retryMismatch} |`,
  );
console.log(
  `| **all** | ${total((r) => r.sent)} | ${total((r) => r.ok)} | ${total((r) => r.s503)} | ${total((r) => r.s5xx)} | ${total((r) => r.other)} | ${total((r) => r.unanswered)} | ${total((r) => r.stored)} | ${total((r) => r.storedUnanswered)} | ${total((r) => r.duplicates)} | ${total((r) => r.lost)} | ${total((r) => r.retryMismatch)} |`,
);
console.log("");
console.log(`API processes that ended on their own (crashes): ${crashes}`);
const retriedOk = [...retried.values()].filter((a) => a !== "unanswered" && a.status === 200).length;
console.log(`Retries with the same Idempotency-Key after the faults: ${retried.size}, answered 200: ${retriedOk}`);

server.destroy(args.keep);
const failed = crashes > 0 || total((r) => r.s5xx + r.duplicates + r.lost + r.retryMismatch) > 0;
process.exit(failed ? 1 : 0);
