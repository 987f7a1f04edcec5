/**
 * The API a benchmark runs against: a commit of the repository, exported with git archive into
 * /tmp/vetportal-bench-api/<sha> (apps/api, packages/contract, the root package.json and tsconfig.base.json, with the
 * repository's installed node_modules linked in; apps/web too when the benchmark needs the portal's
 * pages). Edits in progress in the working tree then never leak into the figures, nor half-written
 * migrations into the benchmark database. `--worktree` runs the working tree's build instead.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BenchTls, httpsStatus } from "./https.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXPORT_ROOT = "/tmp/vetportal-bench-api";

export function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

export interface ExportedApi {
  /** Root of the exported tree (has apps/api and packages/contract, and apps/web if asked for). */
  dir: string;
  sha: string;
  /** "commit abc1234 (subject)" */
  label: string;
}

const API_PATHS = ["package.json", "tsconfig.base.json", "apps/api", "packages/contract"];

/**
 * Exports a commit's API once (later calls reuse the directory). The commit is the last one at or
 * before `rev` that changed what is exported, so commits elsewhere (bench/, apps/web) reuse it.
 * With `web`, apps/web is exported too (into a directory of its own).
 */
export function exportApi(rev = "HEAD", { web = false } = {}): ExportedApi {
  if (!git("rev-parse", "--verify", `${rev}^{commit}`)) throw new Error(`unknown commit ${rev}`);
  const paths = web ? [...API_PATHS, "apps/web"] : API_PATHS;
  const sha = git("log", "-1", "--format=%H", rev, "--", ...paths.filter((p) => p !== "tsconfig.base.json"));
  if (!sha) throw new Error(`no commit at or before ${rev} has the API`);
  const dir = join(EXPORT_ROOT, web ? `${sha}-web` : sha);
  const label = `commit ${sha.slice(0, 7)} (${git("log", "-1", "--format=%s", sha).slice(0, 90)})`;
  const done = join(dir, ".exported");
  if (!existsSync(done)) {
    console.log(`Exporting ${label} into ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${sha} ${paths.join(" ")} | tar -x -C '${dir}'`], {
      cwd: ROOT,
      stdio: "inherit",
    });
    // The repository's installed packages, except the workspace contract, which comes from the commit.
    mkdirSync(join(dir, "node_modules/@vetportal"), { recursive: true });
    for (const entry of readdirSync(join(ROOT, "node_modules"))) {
      if (entry === "@vetportal" || entry === ".bin") continue;
      symlinkSync(join(ROOT, "node_modules", entry), join(dir, "node_modules", entry));
    }
    symlinkSync(join(dir, "packages/contract"), join(dir, "node_modules/@vetportal/contract"));
    for (const app of web ? ["api", "web"] : ["api"]) {
      const modules = join(ROOT, "apps", app, "node_modules");
      if (existsSync(modules)) symlinkSync(modules, join(dir, "apps", app, "node_modules"));
    }
    writeFileSync(done, `${sha}\n`);
  }
  return { dir, sha, label };
}

/** Builds the exported API's bundle (apps/api/dist/server.js) unless it is there already. */
export function buildExportedApi(api: ExportedApi): { serverJs: string; built: boolean } {
  const serverJs = join(api.dir, "apps/api/dist/server.js");
  if (existsSync(serverJs)) return { serverJs, built: false };
  execFileSync(process.execPath, ["build.mjs"], { cwd: join(api.dir, "apps/api"), stdio: "inherit" });
  return { serverJs, built: true };
}

/** Builds the exported portal (apps/web/dist, which the API serves) unless it is there already. */
function buildExportedWeb(api: ExportedApi): boolean {
  if (existsSync(join(api.dir, "apps/web/dist/index.html"))) return false;
  execFileSync(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: join(api.dir, "apps/web"),
    stdio: "inherit",
  });
  return true;
}

/** Where the API under test lives, and what it was built from. */
export interface ApiUnderTest {
  /** The bundle to run with node. */
  serverJs: string;
  /** Root of the tree it was built from (the repository, or the exported commit). */
  root: string;
  /** "commit abc1234 (subject)" or "working tree at abc1234 + uncommitted changes" */
  source: string;
  build: string;
}

/**
 * The API of `commit` (exported and built once), or of the working tree with `worktree` (built with
 * npm run build when missing or older than its sources, unless `build` is false). With `web` the
 * portal's pages are built too.
 */
export function prepareApi(opts: { worktree: boolean; commit?: string; build?: boolean; web?: boolean }): ApiUnderTest {
  if (opts.worktree) {
    const sha = git("rev-parse", "--short", "HEAD");
    const paths = ["apps/api", "packages/contract", ...(opts.web ? ["apps/web"] : [])];
    const dirty = git("status", "--porcelain", "--", ...paths) ? " + uncommitted changes" : "";
    const builds = [ensureBuilt("api", opts.build ?? true)];
    if (opts.web) builds.push(ensureBuilt("web", opts.build ?? true));
    return {
      serverJs: join(ROOT, "apps/api/dist/server.js"),
      root: ROOT,
      source: `working tree at ${sha}${dirty}`,
      build: builds.join("; "),
    };
  }
  const exported = exportApi(opts.commit ?? "HEAD", { web: opts.web ?? false });
  const { serverJs, built } = buildExportedApi(exported);
  const webBuilt = opts.web ? buildExportedWeb(exported) : false;
  return {
    serverJs,
    root: exported.dir,
    source: exported.label,
    build: built || webBuilt ? "built now" : "built earlier",
  };
}

/** Newest modification time of the files under `dir` (tests excluded). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.endsWith(".test.ts"))
    .reduce((m, e) => Math.max(m, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Builds the working tree's API or portal when its output is missing or older than its sources. */
function ensureBuilt(app: "api" | "web", build: boolean): string {
  const output = join(ROOT, app === "api" ? "apps/api/dist/server.js" : "apps/web/dist/index.html");
  const sources =
    app === "api"
      ? [join(ROOT, "apps/api/src"), join(ROOT, "apps/api/drizzle"), join(ROOT, "packages/contract/src")]
      : [join(ROOT, "apps/web/src"), join(ROOT, "apps/web/build"), join(ROOT, "packages/contract/src")];
  const command = ["run", "build", `--workspace=apps/${app}`];
  if (!existsSync(output)) {
    console.log(`${output} is missing: npm ${command.join(" ")}`);
    execFileSync("npm", command, { cwd: ROOT, stdio: "inherit" });
    return `${app} built with npm ${command.join(" ")}`;
  }
  if (!build) return `existing ${app} build (--no-build)`;
  if (statSync(output).mtimeMs < Math.max(...sources.map(newest))) {
    console.log(`${output} is older than its sources: npm ${command.join(" ")}`);
    execFileSync("npm", command, { cwd: ROOT, stdio: "inherit" });
    return `${app} rebuilt with npm ${command.join(" ")}`;
  }
  return `existing ${app} build (up to date)`;
}

// ---------------------------------------------------------------------------------------------
// Running it

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningApi {
  child: ChildProcess;
  base: string;
  /** The process's last output lines. */
  log: string[];
}

/**
 * Starts the API bundle on a free port of 127.0.0.1 with `env` added to this process's environment,
 * and waits until /api/health answers (migrations may take minutes on a large database). With `tls`
 * (https.ts) it serves HTTPS and HTTP/2.
 */
export async function startApi(
  serverJs: string,
  env: Record<string, string>,
  { timeoutMs = 15 * 60_000, tls }: { timeoutMs?: number; tls?: Pick<BenchTls, "env" | "ca"> } = {},
) {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, [serverJs], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...tls?.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (b: Buffer) => {
    log.push(b.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const base = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  const healthy = async () =>
    tls ? (await httpsStatus(`${base}/api/health`, tls.ca)) === 200 : (await fetch(`${base}/api/health`)).ok;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${log.join("")}`);
    try {
      if (await healthy()) return { child, base, log } satisfies RunningApi;
    } catch (err) {
      // A build from before TLS_CERT_FILE answers TLS with plain HTTP: that will not change.
      if ((err as NodeJS.ErrnoException).code === "EPROTO") {
        child.kill("SIGTERM");
        throw new Error("the API under test serves plain HTTP: its build predates TLS_CERT_FILE (decision 049)");
      }
      // otherwise: not listening yet
    }
    await sleep(250);
  }
  child.kill("SIGTERM");
  throw new Error(`the API did not become healthy:\n${log.join("")}`);
}

/** SIGTERM, then SIGKILL if the process has not ended within 15 s. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
