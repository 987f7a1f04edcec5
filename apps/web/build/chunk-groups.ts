import type { Plugin, Rollup } from "vite";

type ManualChunks = Extract<Rollup.ManualChunksOption, (...args: never[]) => unknown>;
type GetModuleInfo = Rollup.GetModuleInfo;
type Statement = Rollup.ProgramNode["body"][number];

/** All exports of a module. */
const ALL = "*";

function isForwarding(statement: Statement): boolean {
  return (
    statement.type === "ImportDeclaration" ||
    statement.type === "ExportAllDeclaration" ||
    (statement.type === "ExportNamedDeclaration" && !statement.declaration) ||
    (statement.type === "ExpressionStatement" && "directive" in statement)
  );
}

/**
 * The modules a set of root modules needs, following imports by name through barrels (a module
 * that only imports and re-exports, such as @mantine/core's or @tabler/icons-react's index): an
 * import of Button from @mantine/core brings Button and what Button imports, not the whole library.
 */
class StaticClosure {
  readonly modules = new Set<string>();
  readonly #followed = new Map<string, Set<string>>();
  readonly #getModuleInfo: GetModuleInfo;

  constructor(roots: string[], getModuleInfo: GetModuleInfo) {
    this.#getModuleInfo = getModuleInfo;
    for (const root of roots) this.#visit(root, [ALL]);
  }

  #visit(id: string, names: string[]): void {
    const info = this.#getModuleInfo(id);
    if (!info) return;
    const followed = this.#followed.get(id) ?? new Set<string>();
    this.#followed.set(id, followed);
    if (followed.has(ALL)) return;
    const wanted = names.filter((name) => !followed.has(name));
    if (wanted.length === 0) return;
    for (const name of wanted) followed.add(name);
    const everything = wanted.includes(ALL);
    const wants = (name: string) => everything || wanted.includes(name);

    const body = info.ast?.body ?? [];
    const barrel = body.some((s) => s.type.startsWith("Export")) && body.every(isForwarding);
    if (!barrel) this.modules.add(id);
    // Sources in order of appearance, one per specifier: Rollup's importedIds in the same order.
    const sources = [...new Set(body.flatMap((s) => ("source" in s && s.source ? [String(s.source.value)] : [])))];
    const resolve = (statement: Statement) =>
      "source" in statement && statement.source
        ? info.importedIds[sources.indexOf(String(statement.source.value))]
        : undefined;
    /** Local name → where a barrel imported it from, and as what. */
    const imported = new Map<string, { from: string; name: string }>();

    for (const statement of body) {
      const from = resolve(statement);
      if (statement.type === "ImportDeclaration" && from) {
        const names = statement.specifiers.map((s) =>
          s.type === "ImportSpecifier"
            ? String("name" in s.imported ? s.imported.name : s.imported.value)
            : s.type === "ImportDefaultSpecifier"
              ? "default"
              : ALL,
        );
        // A module's own code may use anything it imports; a barrel only passes names on.
        if (!barrel || names.length === 0) this.#visit(from, names.length ? names : [ALL]);
        for (const [i, s] of statement.specifiers.entries())
          imported.set(s.local.name, { from, name: names[i] ?? ALL });
      } else if (statement.type === "ExportNamedDeclaration") {
        for (const s of statement.specifiers) {
          const exported = String("name" in s.exported ? s.exported.name : s.exported.value);
          const local = String("name" in s.local ? s.local.name : s.local.value);
          if (!wants(exported)) continue;
          const origin = from ? { from, name: local } : imported.get(local);
          if (origin) this.#visit(origin.from, [origin.name]);
        }
      } else if (statement.type === "ExportAllDeclaration" && from) {
        const star = statement.exported;
        if (star) {
          if (wants(String("name" in star ? star.name : star.value))) this.#visit(from, [ALL]);
        } else {
          const exports = this.#getModuleInfo(from)?.exports ?? [];
          const passed = everything ? [ALL] : wanted.filter((name) => exports.includes(name));
          if (passed.length) this.#visit(from, passed);
        }
      }
    }
  }
}

/** The module a chunk is named after: its file name without extension. */
function baseName(id: string): string {
  return id
    .replace(/[?#].*$/, "")
    .replace(/^.*\//, "")
    .replace(/\.[^.]*$/, "");
}

export interface ChunkPlan {
  /** Modules every signed-in page loads (its layout, and what the layout's routes load around it). */
  shell: string[];
  /** The sign-in page's modules (its route and layout): what it shares with the shell goes into the entry. */
  signIn?: string[];
  /** The practice's pages (issue 22 §1): what two of them share goes into the shell, what one shares into its chunk. */
  practicePages?: string[];
  /**
   * Other pages the boot script preloads, grouped as a practice page is: what one of them shares with a
   * practice page goes into the shell, what it shares only with other pages into its own chunk.
   */
  preloadedPages?: string[];
  /**
   * The other pages the boot script preloads (issues 23 and 24): what one of them shares with a single
   * practice (or preloaded) page goes into the shell, not into that page's chunk, which it would
   * otherwise load whole for a piece of it (an approval loaded the shipping page and the order report).
   */
  otherPreloadedPages?: string[];
}

/**
 * Chunks by what loads them (decisions 016 and 034). A module goes to the chunk of the set of load
 * points (the entry and every dynamically imported module) that need it, as Rollup does it, with
 * groupings Rollup cannot know of, because over HTTP/1.1 a phone pays a round trip for every six
 * files:
 * - whatever the entry needs goes into the entry chunk, since every page runs it. Left to itself
 *   Rollup cuts it into a file per set of pages that also use a piece (a Loader here, a Stack
 *   there): twenty requests before the first page can start;
 * - whatever the sign-in page shares with the signed-in layout or a practice page goes into the
 *   entry chunk too: the sign-in page loads it anyway, and a signed-in page loads it with the entry
 *   instead of as another dozen small files;
 * - whatever else the signed-in layout needs goes into one chunk with it, since every signed-in
 *   page loads the layout (router.tsx); a page outside the layout that needs a piece of it loads it;
 * - whatever two or more practice pages share goes into that chunk too; what one practice page
 *   shares only with pages outside the seven goes into that page's chunk (the other pages then load
 *   it), so a practice page is the entry, the shell and its own chunk (each with its stylesheet), and
 *   no practice page loads in the shell what only another one of them uses (decision 034, fifth round);
 * - a preloaded page (the order report) is grouped the same way: the entry, the shell and its own
 *   chunk, whatever else it shares with other administrators' pages (decision 034, lever 30);
 * - what one of those pages shares with one of the other pages the boot script preloads (an approval,
 *   a programme's grid) goes into the shell too: else that page loads the practice page's whole chunk
 *   for a form field or a pager, 30–60 KB more on a phone (decision 034, lever 38).
 * Every module gets a name because Rollup adds the unnamed imports of a named chunk to it, and
 * through a barrel that would be the whole library.
 */
export function chunkPlan(plan: ChunkPlan): Plugin {
  let names: Map<string, string> | undefined;
  const manualChunks: ManualChunks = (id, { getModuleIds, getModuleInfo }) => {
    names ??= assignChunks(plan, [...getModuleIds()], getModuleInfo);
    return names.get(id);
  };
  return {
    name: "vetportal-chunk-plan",
    apply: "build",
    enforce: "post",
    config: () => ({ build: { rollupOptions: { output: { manualChunks } } } }),
    generateBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) if (UNUSED_FILE.test(file)) delete bundle[file];
    },
  };
}

const UNUSED = "unused";
const UNUSED_FILE = new RegExp(`(^|/)${UNUSED}-[\\w-]+\\.(js|css)$`);

function assignChunks(plan: ChunkPlan, ids: string[], getModuleInfo: GetModuleInfo): Map<string, string> {
  const entries = ids.filter((id) => getModuleInfo(id)?.isEntry);
  const loadPoints = new Set<string>();
  for (const id of ids) {
    for (const target of getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      if (getModuleInfo(target)?.isIncluded) loadPoints.add(target);
    }
  }
  for (const entry of entries) loadPoints.delete(entry);
  const entryClosure = new StaticClosure(entries, getModuleInfo).modules;
  const shellClosure = new StaticClosure(plan.shell, getModuleInfo).modules;
  const signInClosure = new StaticClosure(plan.signIn ?? [], getModuleInfo).modules;
  const practice = new Set(plan.practicePages ?? []);
  const preloaded = new Set(plan.preloadedPages ?? []);
  const others = new Set(plan.otherPreloadedPages ?? []);

  const users = new Map<string, string[]>();
  for (const point of loadPoints) {
    for (const id of new StaticClosure([point], getModuleInfo).modules) {
      if (!entryClosure.has(id)) users.set(id, [...(users.get(id) ?? []), point]);
    }
  }
  const names = new Map<string, string>();
  // Rollup adds a named chunk's unnamed imports to it, tree-shaken ones included, and Vite then
  // ships their stylesheets with it: what no page uses goes into a chunk of its own, dropped.
  for (const id of ids) if (getModuleInfo(id)?.isIncluded === false) names.set(id, UNUSED);
  for (const id of entryClosure) names.set(id, "index");
  // One chunk per set of load points, named after the load point when it is alone, else after its
  // first module; a name already taken gets a number, since Rollup merges chunks of the same name.
  const taken = new Set(["index", "shell", UNUSED]);
  const byKey = new Map<string, string>();
  for (const [id, points] of users) {
    // A page the boot script preloads (the order report) is grouped as a practice page is: what it
    // shares with a practice page stays in the shell it loads anyway, and what it shares only with
    // pages outside them goes into its own chunk.
    const owners = points.filter((point) => practice.has(point) || preloaded.has(point));
    const sharedWithOther = owners.length === 1 && points.some((point) => others.has(point));
    const forShell = shellClosure.has(id) || (points.length > 1 && owners.length > 1) || sharedWithOther;
    const forPractice = forShell || (points.length > 1 && owners.length === 1);
    if (forPractice && signInClosure.has(id)) {
      // The sign-in page never loads the shell: what it shares with the practice's pages is in the entry.
      names.set(id, "index");
      continue;
    }
    if (forShell) {
      names.set(id, "shell");
      continue;
    }
    // What one practice (or preloaded) page shares only with other pages goes with that page's
    // chunk: the page loads no more files, and the others do not load it in the shell.
    const group = (forPractice ? owners : points).sort();
    const key = group.join("\n");
    let name = byKey.get(key);
    if (!name) {
      const base = group.length === 1 ? baseName(group[0] as string) : baseName(id);
      name = base;
      for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
      taken.add(name);
      byKey.set(key, name);
    }
    names.set(id, name);
  }
  return names;
}
