/**
 * What a signed-in page's main thread does as it loads (decision 034): Debian's Chromium loads the
 * page signed in as the demo practice, with the CPU slowed as Lighthouse's mobile preset slows it
 * (4×, `--cpu N`) and the HTTP cache off, under a performance trace. For each task of the main
 * thread that is long by Lighthouse's measure (50 ms or more) it prints when it started, how long it
 * took, the trace's own events inside it (style, layout, paint, a module's compile or evaluation)
 * and the functions that spent the most of it themselves, by chunk, line and column of the build.
 *
 *   npm run bench:page-trace -- [--worktree | --commit REV] [--runs 2] [--cpu 4] [--save DIR] [--admin] /orders [/ …]
 *   (--admin: signed in as the demo administrator, as lighthouse.ts audits the order report)
 *   npm run bench:page-trace -- --read FILE.trace.json [--cpu 4]   (a trace lighthouse.ts --save kept,
 *     unthrottled: what Lantern simulated from; its tasks are shown 4× as long, as Lantern counts them)
 *
 * The API runs on PGlite with the demo data (api-under-test.ts; the portal's build included). The
 * figures move with the machine; what a task is made of does not, which is what this is for: two of
 * lever 43–45's three costs were found with it. `--save DIR` keeps each trace (open it in Chromium's
 * DevTools, Performance panel). Functions are named by module and line when the build has source
 * maps: `(cd apps/web && npx vite build --sourcemap)` before a `--worktree` run (a build newer than
 * its sources is kept). The API would serve those maps with the pages, so build again without them
 * (`npm run build --workspace=apps/web`) before the build goes anywhere else.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { argv } from "node:process";
import { pathToFileURL } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { prepareApi } from "./api-under-test.ts";
import { withPhoneTab } from "./phone-tab.ts";
import { signInAsAdmin, signInAsPractice } from "./portal-tab.ts";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { data?: Record<string, unknown> & { url?: string; cpuProfile?: CpuProfile; timeDeltas?: number[] } };
}
interface CpuProfile {
  nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
];
const LONG_TASK_MS = 50;
const top = (totals: Map<string, number>, n: number, scale: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `${name} ${((us * scale) / 1000).toFixed(0)}`);
const add = (totals: Map<string, number>, key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us);
const file = (url: unknown) => String(url ?? "").replace(/.*\//, "");

/** Where a function of the build is, `name source:line`, from its chunk's source map when the build has one. */
type Locate = (url: string, line: number, column: number) => string | undefined;

/**
 * Reads the source maps of a build's chunks (apps/web/dist/assets/*.js.map), which a build made with
 * `npx vite build --sourcemap` (in apps/web) has: a function is then printed as its module, line and
 * name (react-dom-client.production.js:9197 commitHostMount) rather than as a minified name.
 */
function sourceMaps(assets: string): Locate {
  const maps = new Map<string, TraceMap | null>();
  return (url, line, column) => {
    const name = file(url);
    if (!name.endsWith(".js")) return undefined;
    if (!maps.has(name)) {
      const path = join(assets, `${name}.map`);
      maps.set(name, existsSync(path) ? new TraceMap(readFileSync(path, "utf8")) : null);
    }
    const map = maps.get(name);
    if (!map) return undefined;
    const at = originalPositionFor(map, { line: line + 1, column });
    if (!at.source) return undefined;
    const source = at.source.replace(/.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
    return `${at.name ?? ""} ${source}:${at.line}`.trim();
  };
}

/**
 * The long tasks of the renderer's main thread, each with its events and its busiest functions, in
 * ms as they were traced times `scale` (4 for a trace Lighthouse took unthrottled and simulates at
 * 4× CPU): a task is long at 50 ms scaled.
 */
export function longTasks(events: TraceEvent[], scale: number, locate?: Locate): string[] {
  // The page's main thread: the one that parsed the HTML and ran the modules.
  const threads = new Map<string, number>();
  for (const e of events)
    if (e.name === "ParseHTML" || e.name === "v8.evaluateModule") add(threads, `${e.pid}:${e.tid}`, 1);
  const [main] = [...threads].sort((a, b) => b[1] - a[1])[0] ?? [""];
  const [pid, tid] = main.split(":").map(Number);
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur);
  const start = events.find((e) => e.pid === pid && e.name === "navigationStart")?.ts ?? own[0]?.ts ?? 0;
  const fcp = events.find((e) => e.pid === pid && e.name === "firstContentfulPaint")?.ts;

  // The sampled CPU profile, as (time, function) pairs.
  const profile = events.find((e) => e.pid === pid && e.name === "Profile");
  const names = new Map<number, string>();
  const samples: [number, string][] = [];
  let at = Number(profile?.args?.data?.startTime ?? 0);
  for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.pid === pid && e.id === profile?.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame;
      names.set(
        node.id,
        locate?.(frame.url, frame.lineNumber, frame.columnNumber) ??
          `${frame.functionName || "(anonymous)"} ${file(frame.url)}:${frame.lineNumber}:${frame.columnNumber}`,
      );
    }
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      at += data?.timeDeltas?.[i] ?? 0;
      samples.push([at, names.get(id) ?? "?"]);
    });
  }

  const lines: string[] = [];
  let blocking = 0;
  const ms = (us: number) => (us * scale) / 1000;
  for (const task of own.filter((e) => e.name === "RunTask" && ms(e.dur ?? 0) >= LONG_TASK_MS)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = new Map<string, number>();
    for (const e of own) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || /^(V8\.|Document|RunMicrotasks)/.test(e.name))
        continue;
      const script = /Script|Module|FunctionCall|v8\.compile/.test(e.name) ? ` ${file(e.args?.data?.url)}` : "";
      add(inside, `${e.name}${script}`, e.dur ?? 0);
    }
    const self = new Map<string, number>();
    for (let i = 0; i + 1 < samples.length; i++) {
      const [time, name] = samples[i] as [number, string];
      if (time >= task.ts && time < end && !/^\((idle|program)\)/.test(name))
        add(self, name, (samples[i + 1] as [number, string])[0] - time);
    }
    const length = ms(task.dur ?? 0);
    if (fcp !== undefined && task.ts >= fcp) blocking += length - LONG_TASK_MS;
    lines.push(
      `${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${length.toFixed(0).padStart(4)} ms  ${top(inside, 4, scale).join(" | ")}`,
      ...top(self, 4, scale).map((line) => `                      ${line}`),
    );
  }
  const paint = fcp === undefined ? "no first paint" : `first paint at ${((fcp - start) / 1000).toFixed(0)} ms`;
  const how = scale === 1 ? "as traced" : `traced times ${scale}`;
  return [`${paint}; ${blocking.toFixed(0)} ms of long tasks past 50 ms after it (task lengths ${how})`, ...lines];
}

if (import.meta.url === pathToFileURL(argv[1] ?? "").href) {
  const args = argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const read = option("--read");
  if (read) {
    const trace = JSON.parse(readFileSync(read, "utf8")) as { traceEvents: TraceEvent[] };
    console.log(longTasks(trace.traceEvents, Number(option("--cpu") ?? 4)).join("\n"));
    process.exit(0);
  }
  const valued = new Set(["--commit", "--runs", "--cpu", "--save"].map((name) => option(name)));
  const paths = args.filter((arg) => arg.startsWith("/") && !valued.has(arg));
  const runs = Number(option("--runs") ?? 2);
  const cpu = Number(option("--cpu") ?? 4);
  const saveDir = option("--save");
  if (paths.length === 0 || !(runs >= 1) || !(cpu >= 1)) {
    console.error(
      "usage: page-trace.ts [--worktree | --commit REV] [--runs N] [--cpu N] [--save DIR] [--admin] /path …",
    );
    process.exit(2);
  }
  if (saveDir) mkdirSync(saveDir, { recursive: true });

  const api = prepareApi({ worktree: args.includes("--worktree"), commit: option("--commit"), web: true });
  console.error(`API under test: ${api.source} (${api.build})`);
  const locate = sourceMaps(join(api.root, "apps/web/dist/assets"));
  const signIn = args.includes("--admin") ? signInAsAdmin : signInAsPractice;
  await withPhoneTab(api, signIn, async (tab, baseUrl) => {
    const cdp = await tab.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    for (const path of paths) {
      for (let run = 1; run <= runs; run++) {
        await tab.goto("about:blank");
        await tab.tracing.start({ categories: CATEGORIES });
        await tab.goto(new URL(path, baseUrl).href, { waitUntil: "networkidle0" });
        const trace = await tab.tracing.stop();
        const text = Buffer.from(trace ?? new Uint8Array()).toString("utf8");
        if (saveDir) writeFileSync(join(saveDir, `${path.replace(/\W+/g, "-")}-${run}.json`), text);
        const { traceEvents } = JSON.parse(text) as { traceEvents: TraceEvent[] };
        console.log(`\n${path}, run ${run} at ${cpu}× CPU: ${longTasks(traceEvents, 1, locate).join("\n")}`);
      }
    }
  });
}
