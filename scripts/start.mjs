#!/usr/bin/env node
// npm start: builds the web app and the API only when a source changed since the last build, then
// runs the server in this process (so SIGTERM/SIGINT reach it directly).
// npm run start:prod (--no-build): never builds; refuses with a clear message when there is no build.
//
// "Changed" is a content hash of everything the build reads (apps/web, apps/api's sources and build
// script, packages/contract, the package files and the lockfile; tests excluded), compared with the
// hash stored beside the build in apps/api/dist/.build-hash. Timestamps are not trusted: a checkout
// or a copy changes them without changing a byte.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SERVER = join(root, "apps/api/dist/server.js");
const WORKER = join(root, "apps/api/dist/pglite-worker.js");
const WEB_INDEX = join(root, "apps/web/dist/index.html");
const STAMP = join(root, "apps/api/dist/.build-hash");

/** What the build reads: folders (walked) and single files, relative to the repository root. */
const INPUTS = [
  "package.json",
  "package-lock.json",
  "tsconfig.base.json",
  "apps/web",
  "apps/api/src",
  "apps/api/build.mjs",
  "apps/api/package.json",
  "apps/api/tsconfig.json",
  "packages/contract",
];
const SKIP_DIRS = new Set(["node_modules", "dist", "test", "coverage", ".vite"]);
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function* walk(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() ? SKIP_DIRS.has(entry.name) : isTest(entry.name)) continue;
    yield* walk(join(path, entry.name));
  }
}

/** One hash over every input file's path and bytes. */
export function sourceHash() {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of walk(join(root, input))) {
      hash.update(relative(root, file).split(sep).join("/"));
      hash.update("\0");
      hash.update(readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

const built = () => existsSync(SERVER) && existsSync(WORKER) && existsSync(WEB_INDEX);

function buildIfChanged() {
  const hash = sourceHash();
  const stamp = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
  if (built() && stamp === hash) {
    console.log("Build is up to date (npm run build rebuilds by hand).");
    return;
  }
  console.log(built() ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; the server was not started.");
    process.exit(result.status ?? 1);
  }
  // The hash taken before the build: a file edited during it makes the next start build again.
  writeFileSync(STAMP, `${hash}\n`);
}

if (process.argv.includes("--no-build")) {
  if (!existsSync(SERVER) || !existsSync(WORKER)) {
    console.error(
      "No build of the API found (apps/api/dist/server.js). Build first with `npm run build` " +
        "(or use `npm start`, which builds when the sources changed).",
    );
    process.exit(1);
  }
  if (!existsSync(WEB_INDEX)) console.warn("No build of the web app (apps/web/dist): only the API is served.");
} else {
  buildIfChanged();
}

await import(pathToFileURL(SERVER).href);
