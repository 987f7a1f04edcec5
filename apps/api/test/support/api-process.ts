import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { freePort } from "../helpers.ts";

/**
 * Real API processes for tests that need more than one (several processes on one database): the
 * API bundled once as `npm start` does, so each start takes a second or two, started with the
 * settings a test gives and stopped by the test (or killed with the test file).
 */
const API_DIR = join(import.meta.dirname, "..", "..");

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
}

export function useApiBundle(name: string) {
  // In dist/ (ignored), one level below apps/api like dist/server.js, so it finds the migrations and packages.
  const bundle = join(API_DIR, "dist", `${name}-${process.pid}.js`);
  const children = new Set<ChildProcess>();
  return {
    async build() {
      const pkg = JSON.parse(readFileSync(join(API_DIR, "package.json"), "utf8"));
      const external = Object.keys(pkg.dependencies).filter((dep) => !dep.startsWith("@vetportal/"));
      await build({
        entryPoints: [join(API_DIR, "src/server.ts")],
        outfile: bundle,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        external: [...external, ...external.map((dep) => `${dep}/*`)],
        logLevel: "warning",
      });
    },

    /** Starts the API with these settings on a free port; resolves once /api/health answers 200. */
    async start(env: Record<string, string>): Promise<ApiProcess> {
      const port = await freePort();
      const child = spawn(process.execPath, [bundle], {
        cwd: API_DIR,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "silent",
          WEB_DIST_DIR: "/nonexistent",
          LOGIN_RATE_LIMIT_PER_IP: "10000",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.add(child);
      let output = "";
      const keep = (d: Buffer) => {
        if (output.length < 1_000_000) output += d;
      };
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      const exited = new Promise<number | null>((resolve) =>
        child.on("exit", (code) => {
          children.delete(child);
          resolve(code);
        }),
      );
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (child.exitCode !== null || i > 1200) throw new Error(`the API did not start:\n${output}`);
        const ok = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return { base, child, exited, output: () => output };
    },

    /** Ends every process still running and removes the bundle. */
    cleanUp() {
      for (const child of children) child.kill("SIGKILL");
      rmSync(bundle, { force: true });
    },
  };
}
