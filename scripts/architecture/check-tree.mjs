// The machinery of `scripts/check-architecture.mjs`: reads a source tree (imports, table writes and
// reads, file sizes) and returns every broken rule as `{ file, rule }`. The map it checks against
// (table owners and the named exceptions) lives in check-architecture.mjs; fixture trees in
// scripts/test/ hold one violation of each kind.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const SCHEMA = "apps/api/src/db/schema";
/** Where the sources are read; `size` only for the file-size rule. */
const TOPS = ["apps/api/src", "apps/web/src", "packages/contract/src"];
const SIZE_TOPS = [...TOPS, "scripts", "bench/src"];
export const MAX_FILE_LINES = 400;

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "fixtures") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

const moduleOf = (path) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const featureOf = (path) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const isTest = (path) => /\.test\.tsx?$/.test(path) || /\/test\//.test(path);
const isRepository = (path) => /\.repository\.ts$/.test(path);
const isSharedWeb = (path) => /^apps\/web\/src\/(components|lib)\//.test(path);

/** Source text without comments (so a comment never counts as SQL or as an import). */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");

/** Raw SQL in a file: a `sql` tagged template, `sql.raw/join/identifier`, or an `.execute(` call. */
const hasRawSql = (code) => /\bsql`|\bsql\.(raw|join|identifier)\(|\.execute\(/.test(code);
/** A SQL builder: raw SQL, or Drizzle's query builders imported. */
const buildsSql = (code) => hasRawSql(code) || /from\s+["']drizzle-orm(\/[^"']*)?["']/.test(code);

/** `export const ident = pgTable("name"` of every schema file: identifier → table name. */
function readSchema(root) {
  const tables = new Map();
  for (const file of files(join(root, SCHEMA))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*["'](\w+)["']/g))
      tables.set(m[1], { name: m[2], file: rel(root, file) });
  }
  return tables;
}

const rel = (root, path) => relative(root, path).split(sep).join("/");

/** The tables a file writes: a call named insert…/update…/delete…/upsert… with a table as its first
 *  argument (Drizzle's `.insert(t)`, a helper such as `insertRows(t, …)`), and raw SQL text
 *  (`insert into x`, `update ${x}`, `delete from x`). */
function writtenTables(code, idents, names) {
  const out = new Set();
  for (const m of code.matchAll(/\b(?:insert|update|delete|upsert)\w*\(\s*(?:\w+\.)?(\w+)\s*[,)]/gi))
    if (idents.has(m[1])) out.add(idents.get(m[1]).name);
  for (const m of code.matchAll(
    /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(?:\w+\.)?(\w+)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi,
  )) {
    if (m[1] && idents.has(m[1])) out.add(idents.get(m[1]).name);
    if (m[2] && names.has(m[2])) out.add(m[2]);
  }
  return out;
}

/** The tables a file reads in raw SQL text (`from x`, `join ${x}`), writes aside. */
function sqlReadTables(code, idents, names) {
  const out = new Set();
  for (const m of code.matchAll(/\b(from|join)\s+(?:\$\{\s*(?:\w+\.)?(\w+)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi)) {
    if (/delete\s+$/i.test(code.slice(Math.max(0, m.index - 10), m.index))) continue;
    if (m[2] && idents.has(m[2])) out.add(idents.get(m[2]).name);
    if (m[3] && names.has(m[3])) out.add(m[3]);
  }
  return out;
}

/** The tables a file imports as values from the schema (`import * as t` counts as every table). */
function importedTables(code, idents) {
  const out = new Set();
  for (const m of code.matchAll(
    /import\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']*db\/schema[^"']*|\.\.?\/schema[^"']*)["']/g,
  )) {
    if (m[1]) continue;
    if (/^\*\s+as\s+/.test(m[2].trim())) {
      for (const t of idents.values()) out.add(t.name);
      continue;
    }
    for (const part of m[2].replace(/[{}]/g, "").split(",")) {
      const name = part.trim();
      if (!name || name.startsWith("type ")) continue;
      const ident = name.split(/\s+as\s+/)[0].trim();
      if (idents.has(ident)) out.add(idents.get(ident).name);
    }
  }
  return out;
}

/** The rule an import from `from` of `specifier` (resolved to `target`, repo-relative) breaks, if any. */
function brokenImport(from, specifier, target, typeOnly, targetBuildsSql) {
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
  const other = moduleOf(target);
  if (/\.routes\.ts$/.test(from) && (isRepository(target) || target.startsWith(SCHEMA)))
    return "a route imports a repository or the schema (routes call services)";
  if (
    /\.routes\.ts$/.test(from) &&
    other &&
    !typeOnly &&
    !/\.(repository|service)\.ts$/.test(target) &&
    targetBuildsSql(target)
  )
    return `a route imports the SQL builder ${target} (SQL lives in *.repository.ts, behind a service)`;
  if (source && !typeOnly && !isRepository(from) && target.startsWith(SCHEMA))
    return "only repositories touch tables (a service or helper imports the schema)";
  if (source && other && other !== source && isRepository(target))
    return `module ${source} imports module ${other}'s repository (use its service)`;
  if (from.startsWith("apps/api/src/db/") && other) return "the database layer imports a business module";
  if (from.startsWith("apps/api/src/lib/") && other)
    return `API lib/ imports module ${other} (lib is below the modules)`;
  const feature = featureOf(from);
  const otherFeature = featureOf(target);
  if (feature && otherFeature && feature !== otherFeature)
    return `web feature ${feature} imports feature ${otherFeature}`;
  if (feature && target.startsWith("apps/web/src/app/")) return `web feature ${feature} imports the app shell`;
  if (isSharedWeb(from) && otherFeature) return `shared web code imports feature ${otherFeature}`;
  if (isSharedWeb(from) && target.startsWith("apps/web/src/app/")) return "shared web code imports the app shell";
  return undefined;
}

/** Resolves `./x.ts` / `./x` / `./x/index.ts` to a repo-relative path. */
function resolveTarget(root, file, specifier) {
  const base = resolve(dirname(file), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (existsSync(candidate) && SOURCE.test(candidate)) return rel(root, candidate);
  return rel(root, base);
}

/** Table rules of one API file: writes only by the owner's repository (or a named exception), a
 *  module's repository reads only its own tables (or a named reader). */
function dataRules(from, code, schema, map, report) {
  const { idents, names } = schema;
  const module = moduleOf(from);
  const excepted = (table) =>
    map.writeExceptions.some((e) => (from === e.file || from.startsWith(`${e.file}/`)) && e.tables.includes(table));
  for (const table of writtenTables(code, idents, names)) {
    const owner = map.owners[table]?.owner;
    if (!owner || excepted(table)) continue;
    if (module === owner && isRepository(from)) continue;
    report(from, `writes table ${table} (owner: ${owner}; only its repository writes it)`);
  }
  if (!module) return;
  const reads = isRepository(from) ? importedTables(code, idents) : new Set();
  for (const table of sqlReadTables(code, idents, names)) reads.add(table);
  for (const table of reads) {
    const entry = map.owners[table];
    if (!entry || entry.owner === module || excepted(table)) continue;
    if (entry.readers?.[module] || map.readAll?.[module]) continue;
    report(from, `module ${module} reads table ${table} (owner: ${entry.owner}; ask its service)`);
  }
}

/**
 * Every broken rule of the tree at `root`, as `{ file, rule }` sorted by file.
 * `map`: `{ owners: { table: { owner, readers?: { module: reason } } }, readAll: { module: reason },
 *  writeExceptions: [{ file, tables, reason }], sizeExceptions: { file: reason } }`.
 */
export function checkTree(root, map) {
  const violations = [];
  const report = (file, rule) => violations.push({ file, rule });
  const idents = readSchema(root);
  const names = new Set([...idents.values()].map((t) => t.name));
  const schema = { idents, names };
  for (const { name, file } of idents.values())
    if (!map.owners[name]) report(file, `table ${name} has no owner in the table map`);
  for (const table of Object.keys(map.owners))
    if (idents.size && !names.has(table))
      report(SCHEMA, `the table map names ${table}, which the schema does not have`);

  const sqlBuilders = new Map();
  const targetBuildsSql = (target) => {
    if (!sqlBuilders.has(target)) {
      const path = join(root, target);
      sqlBuilders.set(target, existsSync(path) && buildsSql(withoutComments(readFileSync(path, "utf8"))));
    }
    return sqlBuilders.get(target);
  };

  for (const top of TOPS) {
    for (const file of files(join(root, top))) {
      const from = rel(root, file);
      if (isTest(from)) continue;
      const code = withoutComments(readFileSync(file, "utf8"));
      for (const match of code.matchAll(IMPORT)) {
        const specifier = match[2] ?? match[3];
        if (!specifier) continue;
        const target = specifier.startsWith(".") ? resolveTarget(root, file, specifier) : undefined;
        const rule = brokenImport(from, specifier, target, Boolean(match[1]), targetBuildsSql);
        if (rule) report(from, `${rule} (imports ${specifier})`);
      }
      if (/\.service\.ts$/.test(from) && hasRawSql(code))
        report(from, "raw SQL in a service (db.execute / sql`…`: SQL lives in the repository)");
      if (from.startsWith("apps/api/src/") && !from.startsWith("apps/api/src/db/schema/"))
        dataRules(from, code, schema, map, report);
    }
  }

  for (const top of SIZE_TOPS) {
    for (const file of files(join(root, top))) {
      const from = rel(root, file);
      if (isTest(from) || from.endsWith(".d.ts") || map.sizeExceptions[from]) continue;
      const lines = readFileSync(file, "utf8").split("\n").length - 1;
      if (lines > MAX_FILE_LINES) report(from, `file over ${MAX_FILE_LINES} lines`);
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.rule.localeCompare(b.rule));
}

/** `file: rule`, the form PENDING lists. */
export const violationKey = (v) => `${v.file}: ${v.rule}`;

/** Splits violations into those PENDING allows and the rest; lists PENDING entries nothing matches. */
export function withPending(violations, pending) {
  const keys = new Set(violations.map(violationKey));
  const allowed = new Set(pending);
  return {
    violations: violations.filter((v) => !allowed.has(violationKey(v))),
    stale: pending.filter((entry) => !keys.has(entry)),
  };
}
