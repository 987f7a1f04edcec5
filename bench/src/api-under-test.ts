/**
 * The API a benchmark runs against: a commit of the repository, exported with git archive into
 * /tmp/vetportal-bench-api/<sha> (apps/api, packages/contract, the root package.json and tsconfig.base.json, with the
 * repository's installed node_modules linked in). Edits in progress in the working tree then never
 * leak into the figures, nor half-written migrations into the benchmark database.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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
  /** Root of the exported tree (has apps/api and packages/contract). */
  dir: string;
  sha: string;
  /** "commit abc1234 (subject)" */
  label: string;
}

/**
 * Exports a commit's API once (later calls reuse the directory). The commit is the last one at or
 * before `rev` that changed what is exported, so commits elsewhere (bench/, apps/web) reuse it.
 */
export function exportApi(rev = "HEAD"): ExportedApi {
  if (!git("rev-parse", "--verify", `${rev}^{commit}`)) throw new Error(`unknown commit ${rev}`);
  const sha = git("log", "-1", "--format=%H", rev, "--", "package.json", "apps/api", "packages/contract");
  if (!sha) throw new Error(`no commit at or before ${rev} has the API`);
  const dir = join(EXPORT_ROOT, sha);
  const label = `commit ${sha.slice(0, 7)} (${git("log", "-1", "--format=%s", sha).slice(0, 90)})`;
  const done = join(dir, ".exported");
  if (!existsSync(done)) {
    console.log(`Exporting ${label} into ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync(
      "sh",
      ["-c", `git archive ${sha} package.json tsconfig.base.json apps/api packages/contract | tar -x -C '${dir}'`],
      {
        cwd: ROOT,
        stdio: "inherit",
      },
    );
    // The repository's installed packages, except the workspace contract, which comes from the commit.
    mkdirSync(join(dir, "node_modules/@vetportal"), { recursive: true });
    for (const entry of readdirSync(join(ROOT, "node_modules"))) {
      if (entry === "@vetportal" || entry === ".bin") continue;
      symlinkSync(join(ROOT, "node_modules", entry), join(dir, "node_modules", entry));
    }
    symlinkSync(join(dir, "packages/contract"), join(dir, "node_modules/@vetportal/contract"));
    const apiModules = join(ROOT, "apps/api/node_modules");
    if (existsSync(apiModules)) symlinkSync(apiModules, join(dir, "apps/api/node_modules"));
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
