/**
 * A throw-away PostgreSQL server with durable settings, for the benchmarks that write (order
 * storms, faults): initdb into a fresh /tmp/<prefix>.* directory, a free port, and PostgreSQL's
 * durable defaults stated explicitly — fsync, synchronous_commit and full_page_writes on — unlike
 * scripts/postgres.sh, whose data is generated and thrown away with them off. Debian's binaries
 * (/usr/lib/postgresql/*\/bin); as root the server runs as the postgres account, since PostgreSQL
 * refuses root.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./api-under-test.ts";

/** The settings that make a commit durable, passed explicitly so a changed default cannot undo them. */
export const DURABLE_SETTINGS = { fsync: "on", synchronous_commit: "on", full_page_writes: "on" } as const;

export interface DurablePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  dir: string;
  /** "PostgreSQL 15.18, fsync=on, synchronous_commit=on, …" as the running server reports them. */
  describe(): Promise<string>;
  /** pg_ctl start (after stop): the same port and data. */
  start(): void;
  /** pg_ctl stop -m fast */
  stop(): void;
  /** Stops the server and deletes its directory unless `keep`. */
  destroy(keep?: boolean): void;
}

function serverBin(): string {
  const bin = readdirSync("/usr/lib/postgresql")
    .sort((a, b) => Number(a) - Number(b))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .filter((d) => existsSync(join(d, "initdb")))
    .at(-1);
  if (!bin)
    throw new Error(
      "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)",
    );
  return bin;
}

/**
 * Starts a new server and creates `database` on it. `settings` are added to the command line
 * (`max_connections`, memory); the durable ones always win.
 */
export async function startDurablePostgres(opts: {
  prefix: string;
  database: string;
  settings?: Record<string, string>;
}): Promise<DurablePostgres> {
  const bin = serverBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(`/tmp/${opts.prefix}.`);
  if (asRoot) {
    execFileSync("sh", ["-c", "id postgres >/dev/null 2>&1 || useradd --system postgres"]);
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    chownSync(dir, uid, uid);
  }
  const tool = (name: string, ...args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : join(bin, name),
      asRoot ? ["-u", "postgres", "--", join(bin, name), ...args] : args,
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
  const port = await freePort();
  const settings = { max_connections: "200", ...opts.settings, ...DURABLE_SETTINGS };
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1"]
    .concat(Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`))
    .join(" ");
  const ctl = (...args: string[]) => tool("pg_ctl", "-D", join(dir, "data"), ...args);
  const start = () => ctl("-l", join(dir, "server.log"), "-w", "-t", "60", "-o", options, "start");
  const stop = () => ctl("-m", "fast", "-w", "stop");

  tool("initdb", "-D", join(dir, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8");
  start();
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${opts.database}`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${port}/${opts.database}`;

  return {
    url,
    dir,
    start,
    stop,
    async describe() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ name: string; setting: string }>(
          `select name, setting from pg_settings
            where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers', 'max_connections')
            order by name`,
        );
        const version = (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
        return `PostgreSQL ${version?.split(" ")[0]}, ${rows.map((r) => `${r.name}=${r.name === "shared_buffers" ? `${Number(r.setting) / 128} MB` : r.setting}`).join(", ")}`;
      } finally {
        await c.end();
      }
    },
    destroy(keep = false) {
      try {
        stop();
      } catch {
        // already stopped
      }
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
