import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
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
  });
  await pg.waitReady;
} catch (err) {
  send({ ready: false, error: serializeError(err) });
  port.close();
  throw err;
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
      const result = await target(req.tx).query(req.sql, req.params, {
        rowMode: req.rowMode,
        parsers: keepText(req.raw),
      });
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
