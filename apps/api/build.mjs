// Bundles the API into dist/server.js, and the thread that owns the embedded database into
// dist/pglite-worker.js (server.js starts it from its own directory). npm dependencies stay external
// (installed next to it); the workspace contract package is TypeScript source, so it is bundled in.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith("@vetportal/"));

await build({
  entryPoints: { server: "src/server.ts", "pglite-worker": "src/db/pglite-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: "warning",
});
