import { spawn } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";
import type { PgliteClient } from "./pglite.ts";
import { openPglite } from "./pglite.ts";

/*
 * Backups (decision 029, docs/operations.md "Backup and restore").
 *
 * PGlite: the running server owns the data directory (a second engine on it would corrupt it), so a
 * backup is taken by the server's own engine, between transactions (PgliteClient.backup: a
 * checkpoint, then a gzip'd tar of the directory). The server answers on a Unix socket beside
 * DATA_DIR, usable only by the account that runs it: whoever may read the data directory may have
 * its copy, nobody else, and nothing is exposed over HTTP. With no server running, the tool opens
 * the directory itself. A restore needs the server stopped; it keeps the old directory beside the
 * new one.
 *
 * PostgreSQL server (DATABASE_URL): pg_dump's custom format, restored with pg_restore.
 */

/**
 * The backup socket: beside DATA_DIR, not inside it (the copy of the directory would include it),
 * e.g. `./data.backup.sock` for `./data`.
 */
export const backupSocketPath = (dataDir: string) => `${resolve(dataDir)}.backup.sock`;

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/**
 * Answers every connection on the data directory's backup socket with a backup of the running engine: a line
 * `OK <bytes>` and the bytes, or `ERR <message>`. Returns the function that stops it.
 */
export async function serveBackups(dataDir: string, pglite: PgliteClient, log: Log): Promise<() => Promise<void>> {
  const path = backupSocketPath(dataDir);
  // A socket left by a crashed process: this process holds the data directory's lock, so it is stale.
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    socket.on("error", () => {});
    const started = Date.now();
    pglite.backup().then(
      (bytes) => {
        socket.write(`OK ${bytes.length}\n`);
        socket.end(bytes);
        log.info({ bytes: bytes.length, ms: Date.now() - started }, "backup taken");
      },
      (err: Error) => {
        socket.end(`ERR ${err.message}\n`);
        log.warn({ err: err.message }, "backup failed");
      },
    );
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(path, () => resolveListen());
    });
    chmodSync(path, 0o600);
  } catch (err) {
    // E.g. a DATA_DIR path longer than a socket path may be (about 100 bytes): backups then need the server stopped.
    log.warn(
      { err: (err as Error).message, path },
      "backup socket not available: `npm run db:backup` needs the server stopped",
    );
    return async () => {};
  }
  return () =>
    new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      rmSync(path, { force: true });
    });
}

/** Asks the running server for a backup; undefined when no server listens on the data directory's socket. */
function backupFromServer(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolveBackup, reject) => {
    const socket = createConnection(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") resolveBackup(undefined);
      else reject(err);
    });
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      const header = all.subarray(0, newline).toString("utf8");
      const body = all.subarray(newline + 1);
      const ok = /^OK (\d+)$/.exec(header);
      if (!ok) return reject(new Error(`The server did not take the backup: ${header.replace(/^ERR /, "")}`));
      if (body.length !== Number(ok[1]))
        return reject(new Error(`The backup was cut off (${body.length} of ${ok[1]} bytes)`));
      resolveBackup(body);
    });
  });
}

const hasDatabase = (dataDir: string) => existsSync(join(dataDir, "PG_VERSION"));

/** Writes a file whole or not at all: a temporary name, then a rename. */
function writeWhole(file: string, bytes: Uint8Array) {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

/** The PostgreSQL client programs: on the PATH, or Debian's newest server package's. */
function pgProgram(name: string): string {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, "bin", name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], "bin", name);
  }
  return name;
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (err) => reject(new Error(`${program} could not be started: ${err.message}`)));
    child.on("exit", (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export interface BackupTarget {
  /** PGlite's data directory (without databaseUrl). */
  dataDir: string;
  /** A PostgreSQL server's database: pg_dump / pg_restore. */
  databaseUrl?: string;
}

/**
 * Takes a backup into `file`. PGlite: from the running server through its socket, else from the
 * directory itself; PostgreSQL: pg_dump's custom format (consistent: one snapshot).
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ via: "server" | "directory" | "pg_dump" }> {
  if (target.databaseUrl) {
    await run(pgProgram("pg_dump"), ["--format=custom", "--no-owner", "--file", file, "--dbname", target.databaseUrl]);
    return { via: "pg_dump" };
  }
  const dataDir = resolve(target.dataDir);
  const fromServer = await backupFromServer(dataDir);
  if (fromServer) {
    writeWhole(file, fromServer);
    return { via: "server" };
  }
  if (!hasDatabase(dataDir)) throw new Error(`There is no database in ${dataDir} (DATA_DIR).`);
  // No server answers: open the directory (refused with a clear message if a process holds it).
  const database = await openPglite({ dataDir, analyzeEveryMs: 0 });
  try {
    writeWhole(file, (await database.pglite?.backup()) as Uint8Array);
  } finally {
    await database.close();
  }
  return { via: "directory" };
}

/**
 * Replaces the database with a backup. PGlite: the server must be stopped; the current directory
 * is kept as `<DATA_DIR>.before-restore-<time>`. PostgreSQL: pg_restore --clean into the database
 * (stop the API processes first). The next start applies any newer migrations.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ orders: number; previous?: string }> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  if (target.databaseUrl) {
    await run(pgProgram("pg_restore"), [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--dbname",
      target.databaseUrl,
      file,
    ]);
    return { orders: -1 };
  }
  const bytes = readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${file} is not a Vet Portal backup (a gzip'd tar).`);
  const dataDir = resolve(target.dataDir);
  if (existsSync(dataDir)) {
    const locked = await lockfile.check(dataDir, {
      lockfilePath: join(dataDir, ".vetportal.lock"),
      stale: 10_000,
      realpath: false,
    });
    if (locked) throw new Error(`The data directory ${dataDir} is in use: stop the portal before restoring.`);
  }
  let previous: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dataDir, previous);
  }
  try {
    const database = await openPglite({ dataDir, loadDataDir: new Blob([bytes]), analyzeEveryMs: 0 });
    try {
      const tables = await database.pglite?.query<{ t: string | null }>(
        "select to_regclass('public.orders')::text as t",
      );
      if (!tables?.rows[0]?.t) return { orders: 0, previous };
      const result = await database.pglite?.query<{ n: number }>("select count(*)::int as n from orders");
      return { orders: result?.rows[0]?.n ?? 0, previous };
    } finally {
      await database.close();
    }
  } catch (err) {
    // Put the old directory back: a failed restore leaves things as they were.
    rmSync(dataDir, { recursive: true, force: true });
    if (previous) renameSync(previous, dataDir);
    throw err;
  }
}
