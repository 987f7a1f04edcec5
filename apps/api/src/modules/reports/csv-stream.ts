import { Readable, Transform } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { type DatabaseHandle, databaseTimeout } from "../../db/client.ts";
import type { PgliteClient, PgliteQueryable } from "../../db/pglite.ts";

/**
 * Streams the rows of a SELECT as CSV with a header row, in constant memory (DESIGN §2 "exports of
 * millions of rows"). On a PostgreSQL server the server writes the CSV itself (COPY … TO STDOUT) and
 * its bytes go straight to the response. PGlite's COPY builds the whole file in memory, so there a
 * cursor is paged through instead. Resolves once the first bytes are ready, so a failing query is
 * still an ordinary error response rather than a truncated download.
 *
 * `query` is inlined SQL (COPY takes no parameters) whose columns are all text or integers, so both
 * paths print the same cells.
 */
export async function openCsvStream(
  database: DatabaseHandle,
  query: string,
  options: { idleTimeoutMs: number },
): Promise<Readable> {
  const pool = database.exportPool ?? database.pool;
  if (pool) return copyStream(pool, database.limits, query, options.idleTimeoutMs);
  if (database.pglite) return cursorStream(database.pglite, query, options.idleTimeoutMs);
  throw new Error("the database handle has neither a pool nor a PGlite engine");
}

/** The code of the error a download ends with when its client stopped reading (docs/decisions/025). */
export const EXPORT_IDLE_CODE = "VP_EXPORT_IDLE";

function exportIdle(ms: number): Error {
  return Object.assign(new Error(`The client did not read the export for ${ms} ms`), { code: EXPORT_IDLE_CODE });
}

/**
 * COPY on a pooled connection. With limits, the connection's statement timeout is raised to the
 * export's for the COPY and reset afterwards, and the client gives the COPY up (closing the
 * connection) if the server has not finished it by the export timeout plus the margin ordinary
 * statements get. A connection lost before the first bytes fails the request (503); after them,
 * the stream errors and Fastify destroys the response, so the download ends visibly incomplete.
 */
async function copyStream(
  pool: pg.Pool,
  limits: DatabaseHandle["limits"],
  query: string,
  idleTimeoutMs: number,
): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  let timer: NodeJS.Timeout | undefined;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    // A connection left in the middle of a COPY is discarded rather than reused.
    client.release(err);
  };
  const finish = async () => {
    if (!limits || released) return release();
    try {
      await client.query("reset statement_timeout");
      release();
    } catch (err) {
      release(err as Error);
    }
  };
  if (limits) {
    try {
      await client.query(`set statement_timeout = ${Math.trunc(limits.exportStatementTimeoutMs)}`);
    } catch (err) {
      release(err as Error);
      throw err;
    }
    const ms = limits.exportStatementTimeoutMs + (limits.queryTimeoutMs - limits.statementTimeoutMs);
    timer = setTimeout(
      () => client.connection.stream.destroy(databaseTimeout(`The export did not finish within ${ms} ms`)),
      ms,
    );
  }
  const copy = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
  copy.once("end", () => void finish());
  copy.on("error", (err) => release(err));
  copy.once("close", () => {
    if (!copy.readableEnded) release(new Error("export aborted"));
  });
  const chunks = copy[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (err) {
    release(err as Error);
    throw err;
  }
  // A chunk waits at `yield` only while the response's buffers are full, that is while the client
  // is not reading: after idleTimeoutMs of that the download ends and the COPY's connection is
  // discarded (closing the iterator destroys the COPY stream), instead of waiting at the client's pace.
  const out: Readable = Readable.from(
    (async function* () {
      try {
        for (let next = first; !next.done; next = await chunks.next()) {
          const idle = setTimeout(() => out.destroy(exportIdle(idleTimeoutMs)), idleTimeoutMs);
          try {
            yield next.value;
          } finally {
            clearTimeout(idle);
          }
        }
      } finally {
        await chunks.return?.();
      }
    })(),
    { objectMode: false },
  );
  return out;
}

/** Rows a FETCH takes from the cursor. */
const FETCH_ROWS = 2000;
/**
 * How far the response may fall behind before the cursor waits. PGlite runs one transaction at a
 * time, so a slow client would otherwise hold every other request up.
 */
const PGLITE_BUFFER_BYTES = 4 * 1024 * 1024;

async function cursorStream(engine: PgliteClient, query: string, idleTimeoutMs: number): Promise<Readable> {
  // Bytes pass through as the response takes them; each pass is the client's progress.
  let progressed = Date.now();
  const out = new Transform({
    highWaterMark: PGLITE_BUFFER_BYTES,
    transform(chunk, _encoding, callback) {
      progressed = Date.now();
      callback(null, chunk);
    },
  });
  /**
   * Waits until the response has room again. The cursor's transaction holds PGlite's one
   * connection, so a client that has made no progress for idleTimeoutMs ends the download
   * (docs/decisions/025). Resolves false when the response is gone.
   */
  const roomOrGone = () =>
    new Promise<boolean>((resolve) => {
      let timer: NodeJS.Timeout;
      const done = (room: boolean) => {
        clearTimeout(timer);
        out.off("drain", onDrain);
        out.off("close", onClose);
        resolve(room);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const check = () => {
        const quiet = Date.now() - progressed;
        if (quiet < idleTimeoutMs) timer = setTimeout(check, idleTimeoutMs - quiet);
        else {
          done(false);
          out.destroy(exportIdle(idleTimeoutMs));
        }
      };
      out.on("drain", onDrain);
      out.on("close", onClose);
      progressed = Date.now();
      timer = setTimeout(check, idleTimeoutMs);
    });
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const done = engine
    .transaction(async (tx: PgliteQueryable) => {
      await tx.query(`DECLARE report_export NO SCROLL CURSOR FOR ${query}`);
      let header = true;
      for (;;) {
        const batch = await tx.query<unknown[]>(`FETCH ${FETCH_ROWS} FROM report_export`, [], { rowMode: "array" });
        const rows = header ? [batch.fields.map((f) => f.name), ...batch.rows] : batch.rows;
        header = false;
        const text = stringify(rows, { quoted_match: /\r/, cast: { boolean: (b) => (b ? "t" : "f") } });
        markStarted();
        if (out.destroyed) break;
        if (!out.write(text) && !(await roomOrGone())) break;
        if (batch.rows.length < FETCH_ROWS) break;
      }
      await tx.query("CLOSE report_export");
    })
    .then(
      () => out.end(),
      (err: Error) => out.destroy(err),
    );
  await Promise.race([started, done]);
  if (out.destroyed && out.errored) throw out.errored;
  return out;
}
