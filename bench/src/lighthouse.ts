/**
 * Lighthouse on the portal's main pages (issues 10, 22, 23 and 24): /login, then home, a category,
 * a product, the cart, shipping, My Orders, an order's page, the brand, a personalised product, the
 * allowance and quick order signed in as the demo practice, then the order report, approvals and an
 * order waiting for approval, the approval rules, order for, the audit trail, the allowances grid
 * and a programme, and a personalised product's template signed in as the administrator. Each page is audited with the desktop and the
 * mobile preset; the result is the performance, accessibility and best-practices scores, the lab
 * metrics that make the score (LCP, TBT, CLS) and what the page transferred (all, and JavaScript).
 *
 *   npx tsx bench/src/lighthouse.ts http://127.0.0.1:3500 [--runs 3] [--only login,cart] [--preset mobile] [--save DIR]
 *   (--save DIR: each audit's report, NAME-PRESET-RUN.json, and the trace it was simulated from, .trace.json)
 *   npx tsx bench/src/lighthouse.ts --postgres [--worktree | --commit REV] [--http1] [--runs 3] …
 *
 * With `--postgres` the runner starts what it measures: a fresh throw-away PostgreSQL server with
 * durable settings (durable-postgres.ts) and the API under test on it, seeded with the demo data
 * (api-under-test.ts: the last commit by default, the working tree with `--worktree`), portal
 * included — the same API and database as `bench:load`'s Lighthouse table, without its load. The
 * API serves HTTPS with a certificate Chromium trusts, so the pages load over HTTP/2 as from a
 * deployed portal (decision 049); `--http1` serves plain HTTP/1.1 instead (a build from before
 * TLS_CERT_FILE needs it).
 *
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) runs headless. Sign-in goes through the
 * real form in the audited tab, so the session (localStorage) and the cart (sessionStorage, per
 * tab) are what a user would have. Lighthouse's usual reset still runs before each audit: it empties
 * the HTTP cache, service workers and cache storage but never localStorage or sessionStorage, so every
 * audit is a first visit of a signed-in user. (`disableStorageReset: true` would also keep the HTTP
 * cache and measure a warm reload instead.)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { argv } from "node:process";
import { pathToFileURL } from "node:url";
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from "lighthouse";
import type { Page } from "puppeteer-core";
import { prepareApi, startApi, stopProcess } from "./api-under-test.ts";
import { startDurablePostgres } from "./durable-postgres.ts";
import { benchTls } from "./https.ts";
import {
  addFirstProductToCart,
  CATEGORY_PATH,
  firstLinkOn,
  firstOrderPath,
  signInAsAdmin,
  signInAsPractice,
  withBrowser,
} from "./portal-tab.ts";

/** The demo practice's personalised poster (issue 24): its page renders the practice's proof preview. */
const PERSONALISED_PATH = "/product/990002";

export type Preset = "desktop" | "mobile";

export interface LighthouseResult {
  page: string;
  path: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms. */
  tbtMs: number;
  /** Cumulative Layout Shift. */
  cls: number;
  /** Bytes on the wire, everything the page loaded / only its scripts. */
  transferBytes: number;
  scriptBytes: number;
  /** Audits of the three categories that did not pass, for a look at what to fix. */
  failing: string[];
  /**
   * Lighthouse's measure of the machine's CPU when it audited (`environment.benchmarkIndex`, higher is
   * faster): the mobile preset slows the CPU four times whatever it is, so a slower machine scores lower.
   */
  benchmarkIndex: number;
}

export interface LighthouseOptions {
  /** Audits per page and preset; the run with the median performance score is kept. */
  runs?: number;
  /** Audits per page for a preset, instead of `runs` (bench:load: five on mobile, whose score moves most). */
  runsByPreset?: Partial<Record<Preset, number>>;
  presets?: Preset[];
  /** A folder to keep each audit's full Lighthouse report in (JSON), to see what an audit found. */
  saveDir?: string;
  /** Only these pages (login, home, category, product, cart, shipping, orders, order, order report); all when left out. */
  pages?: string[];
  chromePath?: string;
  /** Chromium flags beside CHROMIUM_FLAGS: the one that trusts the API's certificate (https.ts). */
  chromiumFlags?: string[];
  log?: (line: string) => void;
}

interface NetworkItem {
  transferSize?: number;
  resourceType?: string;
}

function summarize(page: string, path: string, preset: Preset, result: RunnerResult): LighthouseResult {
  const { lhr } = result;
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(path, "http://x").pathname) {
    throw new Error(`${page}: Lighthouse ended on ${finalPath}, not ${path} (signed out?)`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const sum = (items: NetworkItem[]) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  const failing = new Set<string>();
  for (const category of ["performance", "accessibility", "best-practices"]) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
        failing.add(`${ref.id} ${audit.displayValue ?? ""}`.trim());
    }
  }
  return {
    page,
    path,
    preset,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
    transferBytes: sum(requests),
    scriptBytes: sum(requests.filter((item) => item.resourceType === "Script")),
    failing: [...failing],
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

async function audit(
  tab: Page,
  baseUrl: string,
  page: string,
  path: string,
  preset: Preset,
  runs: number,
  saveDir?: string,
): Promise<LighthouseResult> {
  const flags: Flags = {
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    // Lighthouse's default reset, spelled out: caches and workers go, the session and the cart stay.
    disableStorageReset: false,
    clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage"],
  };
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run += 1) {
    const once = () =>
      lighthouse(new URL(path, baseUrl).href, flags, preset === "desktop" ? desktopConfig : undefined, tab);
    let result = await once();
    // A trace Lighthouse could not read (NO_NAVSTART, about one audit in twenty here) measured
    // nothing: the page is audited again, at most twice.
    for (let retry = 0; result?.lhr.runtimeError && retry < 2; retry += 1) {
      console.warn(`${page} ${preset}: ${result.lhr.runtimeError.code}, audited again`);
      result = await once();
    }
    if (!result) throw new Error(`${page}: Lighthouse returned nothing`);
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      const name = `${page.replace(/\W+/g, "-")}-${preset}-${run + 1}`;
      writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(result.lhr));
      // The trace Lighthouse observed (unthrottled) and simulated from: page-trace.ts reads it.
      writeFileSync(join(saveDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    results.push(summarize(page, path, preset, result));
  }
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)] as LighthouseResult;
}

/** Audits the pages of issues 22, 23 and 24 with each preset; see the header comment. */
export async function runLighthouse(baseUrl: string, options: LighthouseOptions = {}): Promise<LighthouseResult[]> {
  const {
    runs = 1,
    presets = ["desktop", "mobile"],
    chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromiumFlags = [],
    log = () => {},
  } = options;
  const results: LighthouseResult[] = [];
  const wanted = (page: string) => !options.pages || options.pages.includes(page);
  const auditAll = async (tab: Page, page: string, path: string) => {
    if (!wanted(page)) return;
    for (const preset of presets) {
      const times = options.runsByPreset?.[preset] ?? runs;
      const result = await audit(tab, baseUrl, page, path, preset, times, options.saveDir);
      log(`${page} ${preset}: performance ${result.performance}, accessibility ${result.accessibility}`);
      results.push(result);
    }
  };

  const practicePages = ["login", "home", "category", "product", "cart", "shipping", "orders", "order"];
  const adminPages = [
    "order report",
    "approvals",
    "approval",
    "approval rules",
    "order for",
    "audit",
    "allowances",
    "programme",
    "template",
  ];
  if ([...practicePages, "brand", "personalised product", "allowance", "quick order"].some(wanted)) {
    await withBrowser(
      chromePath,
      async (_browser, tab) => {
        await auditAll(tab, "login", "/login");
        await signInAsPractice(tab, baseUrl);
        const productPath = await addFirstProductToCart(tab, baseUrl);
        const orderPath = await firstOrderPath(tab, baseUrl);
        await auditAll(tab, "home", "/");
        await auditAll(tab, "category", CATEGORY_PATH);
        await auditAll(tab, "product", productPath);
        await auditAll(tab, "cart", "/cart/preview");
        await auditAll(tab, "shipping", "/cart/shipping");
        await auditAll(tab, "orders", "/orders");
        await auditAll(tab, "order", orderPath);
        // Issue 24's pages: the practice's brand and a personalised product with its proof (the demo practice has a brand).
        await auditAll(tab, "brand", "/account/brand");
        await auditAll(tab, "personalised product", PERSONALISED_PATH);
        // Issue 23's practice pages: the programme's balances and ledger, and quick order.
        await auditAll(tab, "allowance", "/allowance");
        await auditAll(tab, "quick order", "/quick-order");
      },
      chromiumFlags,
    );
  }
  if (adminPages.some(wanted)) {
    await withBrowser(
      chromePath,
      async (_browser, tab) => {
        await signInAsAdmin(tab, baseUrl);
        await auditAll(tab, "order report", "/reports/orderreport");
        // Issue 23's administrators' pages, and issue 24's template editor.
        await auditAll(tab, "approvals", "/approvals");
        if (wanted("approval"))
          await auditAll(tab, "approval", await firstLinkOn(tab, baseUrl, "/approvals", "/approvals/"));
        await auditAll(tab, "approval rules", "/admin/approval-rules");
        await auditAll(tab, "order for", "/admin/order-for");
        await auditAll(tab, "audit", "/admin/audit");
        await auditAll(tab, "allowances", "/admin/allowances");
        if (wanted("programme"))
          await auditAll(tab, "programme", await firstLinkOn(tab, baseUrl, "/admin/allowances", "/admin/allowances/"));
        await auditAll(tab, "template", `/Product/Template/${PERSONALISED_PATH.replace(/\D/g, "")}`);
      },
      chromiumFlags,
    );
  }
  return results;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** What a page misses of issue 22's targets: performance 100 on desktop and ≥ 95 on mobile, accessibility 100. */
export function misses(r: LighthouseResult): string[] {
  return [
    r.performance < (r.preset === "desktop" ? 100 : 95) ? "performance" : "",
    r.accessibility < 100 ? "accessibility" : "",
  ].filter(Boolean);
}

export function formatTable(results: LighthouseResult[]): string {
  const header =
    "| Page | Preset | Performance | Accessibility | Best practices | LCP | TBT | CLS | Transfer | JavaScript | Result |";
  const rows = results.map((r) => {
    const missed = misses(r);
    return `| ${r.page} (\`${r.path}\`) | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs.toLocaleString("en-US")} ms | ${r.cls.toFixed(2)} | ${kib(r.transferBytes)} | ${kib(r.scriptBytes)} | ${missed.length ? `**MISS** (${missed.join(", ")})` : "pass"} |`;
  });
  return [header, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|", ...rows].join("\n");
}

/**
 * `--postgres`: a fresh durable PostgreSQL server and the API under test on it (over HTTPS unless
 * `http1`), for as long as `use` runs; `use` gets the Chromium flags that trust its certificate.
 */
async function onPostgres<T>(
  opts: { worktree: boolean; commit?: string; http1: boolean },
  use: (base: string, chromiumFlags: string[]) => Promise<T>,
) {
  const api = prepareApi({ worktree: opts.worktree, commit: opts.commit, web: true });
  console.error(`API under test: ${api.source} (${api.build})`);
  const tls = opts.http1 ? undefined : await benchTls();
  try {
    const postgres = await startDurablePostgres({
      prefix: "vetportal-lighthouse-pg",
      database: "vetportal_lighthouse",
    });
    try {
      console.error(await postgres.describe());
      const env = {
        DATABASE_URL: postgres.url,
        LOG_LEVEL: "warn",
        SEED_DEMO_DATA: "true",
        LOGIN_RATE_LIMIT_PER_IP: "10000",
      };
      const running = await startApi(api.serverJs, env, { tls });
      try {
        return await use(running.base, tls ? [tls.chromiumFlag] : []);
      } finally {
        await stopProcess(running.child);
      }
    } finally {
      postgres.destroy();
    }
  } finally {
    tls?.remove();
  }
}

if (import.meta.url === pathToFileURL(argv[1] ?? "").href) {
  const args = argv.slice(2);
  const baseUrl = args.find((arg) => !arg.startsWith("--") && /^https?:/.test(arg)) ?? "http://127.0.0.1:3000";
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const run = (base: string, chromiumFlags: string[] = []) =>
    runLighthouse(base, {
      chromiumFlags,
      runs: Number(option("--runs") ?? 1),
      pages: option("--only")?.split(","),
      saveDir: option("--save"),
      presets: option("--preset")?.split(",") as Preset[] | undefined,
      log: (line) => console.error(line),
    });
  const results = args.includes("--postgres")
    ? await onPostgres(
        { worktree: args.includes("--worktree"), commit: option("--commit"), http1: args.includes("--http1") },
        run,
      )
    : await run(baseUrl);
  console.log(formatTable(results));
  const failing = results.filter((r) => r.failing.length);
  for (const r of failing) console.log(`\n${r.page} ${r.preset}, below 90: ${r.failing.join("; ")}`);
}
