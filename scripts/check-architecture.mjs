#!/usr/bin/env node
// The arrows that must never exist (docs/architecture.md, "Layers"), checked on every import of the
// sources: `node scripts/check-architecture.mjs` prints each one it finds and exits 1 if there are any.
//
//  1. A route file (apps/api/src/modules/*/*.routes.ts) imports a repository or the database schema:
//     routes call services.
//  2. A module imports another module's repository: modules use each other through services.
//  3. Only repositories touch tables: another file of a module imports the schema (types aside).
//  4. The database layer (apps/api/src/db) imports a business module.
//  5. A web feature (apps/web/src/features/X) imports another feature (apps/web/src/features/Y).
//  6. The contract imports anything but zod and itself; web and API import each other.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

const rel = (path) => relative(root, path).split(sep).join("/");
const moduleOf = (path) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const featureOf = (path) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const isTest = (path) => /\.test\.tsx?$/.test(path) || /\/test\//.test(path);

/** The rule an import from `from` of `specifier` (resolved to `target`, repo-relative) breaks, if any. */
function broken(from, specifier, target, typeOnly) {
  if (from.startsWith("packages/contract/")) {
    if (!target && specifier !== "zod" && !specifier.startsWith("zod/")) return "the contract imports only zod";
    if (target && !target.startsWith("packages/contract/")) return "the contract imports only zod";
  }
  if (from.startsWith("apps/web/") && (target?.startsWith("apps/api/") || specifier.startsWith("@vetportal/api")))
    return "the web never imports the API";
  if (from.startsWith("apps/api/") && (target?.startsWith("apps/web/") || specifier.startsWith("@vetportal/web")))
    return "the API never imports the web";
  if (!target) return undefined;
  const source = moduleOf(from);
  if (/\.routes\.ts$/.test(from) && (/\.repository\.ts$/.test(target) || target.startsWith("apps/api/src/db/schema")))
    return "a route imports a repository or the schema (routes call services)";
  if (source && !typeOnly && !/\.repository\.ts$/.test(from) && target.startsWith("apps/api/src/db/schema"))
    return "only repositories touch tables (a service or helper imports the schema)";
  const other = moduleOf(target);
  if (source && other && other !== source && /\.repository\.ts$/.test(target))
    return `module ${source} imports module ${other}'s repository (use its service)`;
  if (from.startsWith("apps/api/src/db/") && other) return "the database layer imports a business module";
  const feature = featureOf(from);
  const otherFeature = featureOf(target);
  if (feature && otherFeature && feature !== otherFeature)
    return `web feature ${feature} imports feature ${otherFeature}`;
  return undefined;
}

const violations = [];
for (const top of ["apps/api/src", "apps/web/src", "packages/contract/src"]) {
  for (const file of files(join(root, top))) {
    const from = rel(file);
    if (isTest(from)) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[2] ?? match[3];
      if (!specifier) continue;
      const target = specifier.startsWith(".") ? rel(resolve(dirname(file), specifier)) : undefined;
      const rule = broken(from, specifier, target, Boolean(match[1]));
      if (rule) violations.push(`${from} → ${specifier}: ${rule}`);
    }
  }
}

if (violations.length) {
  console.error(`Architecture: ${violations.length} forbidden import(s) (docs/architecture.md, "Layers"):`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log("Architecture: no forbidden imports.");
