import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * scripts/start.mjs (npm start / npm run start:prod, decision 029) in a repository of its own whose
 * "build" only writes a stand-in server and counts its runs: a start builds when a source changed
 * and only then, and the production start never builds.
 */
const root = mkdtempSync(join(tmpdir(), "vp-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};

mkdirSync(join(root, "scripts"));
copyFileSync(new URL("../../../scripts/start.mjs", import.meta.url), join(root, "scripts/start.mjs"));
write(
  "build.mjs",
  `import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
appendFileSync("builds.log", "built\\n");
mkdirSync("apps/api/dist", { recursive: true });
mkdirSync("apps/web/dist", { recursive: true });
writeFileSync("apps/api/dist/server.js", 'console.log("server started");\\n');
writeFileSync("apps/api/dist/pglite-worker.js", "");
writeFileSync("apps/web/dist/index.html", "<!doctype html>");
`,
);
write("package.json", JSON.stringify({ name: "start-test", private: true, scripts: { build: "node build.mjs" } }));
write("package-lock.json", "{}");
write("apps/api/src/server.ts", "export {};\n");
write("apps/web/src/main.tsx", "export {};\n");
write("packages/contract/src/index.ts", "export {};\n");

const start = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/start.mjs", ...args], { cwd: root, encoding: "utf8" });
const builds = () => readFileSync(join(root, "builds.log"), "utf8").split("\n").filter(Boolean).length;

describe("npm start", () => {
  it("builds on the first start, reuses the build while nothing changed, and builds again after a change", () => {
    const first = start();
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("server started");
    expect(builds()).toBe(1);

    const second = start();
    expect(second.stdout).toContain("Build is up to date");
    expect(second.stdout).toContain("server started");
    expect(builds()).toBe(1);

    // A test file is not a build input; a source file, the contract and the lockfile are.
    write("apps/api/src/server.test.ts", "export {};\n");
    start();
    expect(builds()).toBe(1);
    write("packages/contract/src/index.ts", "export const changed = 1;\n");
    expect(start().stdout).toContain("Sources changed");
    expect(builds()).toBe(2);
    write("package-lock.json", '{ "lockfileVersion": 3 }');
    start();
    expect(builds()).toBe(3);
    start();
    expect(builds()).toBe(3);
  });

  it("start:prod runs the build there is, never builds, and refuses clearly without one", () => {
    write("apps/web/src/main.tsx", "export const changed = 2;\n");
    const before = builds();
    const prod = start("--no-build");
    expect(prod.status).toBe(0);
    expect(prod.stdout).toContain("server started");
    expect(builds()).toBe(before);

    rmSync(join(root, "apps/api/dist"), { recursive: true });
    const none = start("--no-build");
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("No build of the API found");
    expect(builds()).toBe(before);
  });
});
