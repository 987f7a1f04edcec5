import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { analyzeStaleTables } from "./pglite-analyze.ts";
import { serializeError, type WorkerOptions, type WorkerReply, type WorkerRequest } from "./pglite-protocol.ts";

/**
 * The worker thread that owns the PGlite engine (docs/decisions/014). PGlite runs a statement
 * synchronously inside WebAssembly, so a long query blocks this thread only; the main thread keeps
 * answering HTTP. Statements outside a transaction go through PGlite's own queue, which waits for an
 * open transaction to end, so one request's transaction never interleaves with another's statements.
 */
if (!parentPort) throw new Error("pglite-worker.ts runs as a worker thread");
const port = parentPort;
const options = workerData as WorkerOptions;

const send = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
const answer = (id: number, value: unknown, transfer?: ArrayBuffer[]) => send({ id, ok: true, value }, transfer);
const fail = (id: number, err: unknown) => send({ id, ok: false, error: serializeError(err) });

/** Parsers that keep a type's text, for the types whose parsing the caller does itself (one set per list). */
const keepTextSets = new Map<string, Record<number, (value: string) => string>>();
function keepText(oids: number[]) {
  const key = oids.join(",");
  let parsers = keepTextSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));
    keepTextSets.set(key, parsers);
  }
  return parsers;
}

/** Thrown out of a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol("rollback");

let pg: PGlite;
try {
  pg = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers}`] }
      : {}),
  });
  await pg.waitReady;
} catch (err) {
  send({ ready: false, error: serializeError(err) });
  port.close();
  throw err;
}

/**
 * Statements parsed and planned once, like a PostgreSQL connection's named prepared statements
 * (decisions 018, 038): PGlite's own `query` sends every statement unnamed, so the engine parses
 * and plans it again each time (on the order's read and write, most of their cost). By text, the
 * most recently used last; past PREPARED_MAX the least recently used is closed.
 */
const PREPARED_MAX = 256;
const prepared = new Map<string, { name: string; types: number[] }>();
let lastPrepared = 0;
const { serialize } = protocol;

/** The statement's name and parameter types, parsing it first when this session has not. */
async function statementOf(sql: string) {
  const known = prepared.get(sql);
  if (known) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  const messages: Uint8Array[] = [];
  const oldest = prepared.size >= PREPARED_MAX ? prepared.entries().next().value : undefined;
  if (oldest) {
    prepared.delete(oldest[0]);
    messages.push(serialize.close({ type: "S", name: oldest[1].name }));
  }
  const name = `vp${++lastPrepared}`;
  messages.push(serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync());
  const replies = await pg.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
  const statement = { name, types: parse.parseDescribeStatementResults(replies) };
  prepared.set(sql, statement);
  return statement;
}

/**
 * PGlite's `query` (its serializers and parsers, its turn-taking: a statement outside a transaction
 * waits for an open one to end) on a statement prepared once: a call binds and executes it, one
 * trip into the engine.
 */
async function preparedQuery(sql: string, params: unknown[], options: QueryOptions, inTransaction: boolean) {
  const run = async () => {
    const statement = await statementOf(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.types[i] as number];
      return serializer ? serializer(value) : String(value);
    });
    const replies = await pg.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!inTransaction) await pg.syncToFs();
    return parse.parseResults(replies, pg.parsers, options)[0] as Awaited<ReturnType<PGlite["query"]>>;
  };
  if (inTransaction) return pg._runExclusiveQuery(run);
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
}

const open = new Map<number, { tx: Transaction; end(id: number, commit: boolean): void }>();
let lastTx = 0;

function begin(id: number) {
  const txId = ++lastTx;
  let endId = id;
  let decide: (commit: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  pg.transaction(async (tx) => {
    open.set(txId, {
      tx,
      end: (id, commit) => {
        endId = id;
        decide(commit);
      },
    });
    answer(id, txId);
    if (!(await decided)) throw ROLLBACK;
  })
    .then(
      () => answer(endId, null),
      (err) => (err === ROLLBACK ? answer(endId, null) : fail(endId, err)),
    )
    .finally(() => open.delete(txId));
}

function target(tx: number | undefined) {
  if (tx === undefined) return pg;
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  return entry.tx;
}

async function handle(req: WorkerRequest) {
  switch (req.op) {
    case "query": {
      // A statement of an open transaction runs in its turn; target throws when it is not open.
      const inTransaction = req.tx !== undefined;
      if (inTransaction) target(req.tx);
      const options = { rowMode: req.rowMode, parsers: keepText(req.raw) };
      const result = await preparedQuery(req.sql, req.params, options, inTransaction);
      return answer(req.id, {
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
        command: result.command,
      });
    }
    case "exec": {
      const results = await target(req.tx).exec(req.sql);
      return answer(
        req.id,
        results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows, command: r.command })),
      );
    }
    case "begin":
      return begin(req.id);
    case "end": {
      const entry = open.get(req.tx);
      if (!entry) throw new Error(`transaction ${req.tx} is not open`);
      return entry.end(req.id, req.commit);
    }
    case "dump": {
      const buffer = await (await pg.dumpDataDir("none")).arrayBuffer();
      return answer(req.id, buffer, [buffer]);
    }
    case "backup": {
      // A checkpoint first, so the copy needs no WAL replay; then the copy itself while this call
      // holds the engine's transaction turn: no transaction is open, none starts until it is done.
      await pg.exec("checkpoint");
      const blob = await pg.transaction(() => pg.dumpDataDir("gzip"));
      const buffer = await blob.arrayBuffer();
      return answer(req.id, buffer, [buffer]);
    }
    case "close":
      clearInterval(schedule);
      await pg.close();
      answer(req.id, null);
      port.close();
      return;
  }
}

port.on("message", (req: WorkerRequest) => {
  handle(req).catch((err) => fail(req.id, err));
});

// Autovacuum's analyse rule on a schedule (PGlite has no autovacuum daemon). It queues behind open
// transactions like any statement and analyses sampled rows, so a run is short.
let analyzing = false;
const schedule = setInterval(
  () => {
    if (analyzing) return;
    analyzing = true;
    analyzeStaleTables(pg)
      .catch((err) => send({ warning: `scheduled ANALYZE failed: ${(err as Error).message}` }))
      .finally(() => {
        analyzing = false;
      });
  },
  options.analyzeEveryMs || 2 ** 31 - 1,
);
if (!options.analyzeEveryMs) clearInterval(schedule);

send({ ready: true });
