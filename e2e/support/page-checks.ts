import { appendFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { seriousViolations, settleAnimations } from "./axe.ts";

/**
 * The one check every page of a journey gets (issue 22 §3): it passes axe and is whole at the
 * window's width — nothing wider than the window, no text cut off by the window or by a box of its
 * own that clips or scrolls sideways, each table row's actions on screen. At 390×844 (the `phone`
 * project, phone-pages.spec.ts) this is the phone rule; at desktop size it holds as well.
 *
 * `watchPages` (the `checkEveryPage` fixture) then fails a test that showed a page it never checked.
 */

/**
 * A page as a route: /product/144105 → /product/:id, the query string being the same page. A
 * number after a number is the view, not an id: /order/123/1 (confirmation) and /order/123/2
 * (details) stay two pages.
 */
export function pageKey(url: string): string {
  const segments = new URL(url).pathname.split("/");
  return segments
    .map((segment, i) => (/^\d+$/.test(segment) && !(i > 0 && /^\d+$/.test(segments[i - 1] ?? "")) ? ":id" : segment))
    .join("/");
}

/** Texts that are cut off: outside the window, or outside a box of theirs that clips or scrolls sideways. */
export function cutOffTexts(): string[] {
  const width = window.innerWidth;
  const cut: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("select, script, style, title")) continue;
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const clips: DOMRect[] = [];
    let readerOnly = false;
    for (let box: Element | null = parent; box && box !== document.body; box = box.parentElement) {
      const rect = box.getBoundingClientRect();
      // Text for screen readers only (a 1 px clipped box).
      if (rect.width <= 1 && rect.height <= 1) {
        readerOnly = true;
        break;
      }
      if (getComputedStyle(box).overflowX !== "visible") clips.push(rect);
    }
    if (readerOnly) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const outside = Array.from(range.getClientRects()).some(
      (rect) =>
        rect.width > 0 &&
        (rect.left < -1 ||
          rect.right > width + 1 ||
          clips.some((clip) => rect.left < clip.left - 1 || rect.right > clip.right + 1)),
    );
    if (outside) cut.push(text.slice(0, 60));
  }
  return cut;
}

/** Row actions (Modify, Delete, Remove …) that are not wholly on screen. */
export function hiddenRowActions(): string[] {
  return Array.from(document.querySelectorAll('[data-role="actions"] :is(a, button)'))
    .filter((action) => {
      const rect = action.getBoundingClientRect();
      return rect.width === 0 || rect.left < 0 || rect.right > window.innerWidth;
    })
    .map((action) => action.textContent ?? "");
}

/** Pages the watched page showed and checked in the current test. */
interface PageLog {
  shown: Set<string>;
  checked: Set<string>;
}
const logs = new WeakMap<Page, PageLog>();
/** Pages scanned so far in this run, by window width: `{ once: true }` checks skip them. */
const scannedInRun = new Set<string>();

export interface CheckOptions {
  /**
   * Scan only if this page was not yet scanned at this width in the run (by any test): for the
   * pages every journey passes through on its way (sign-in, home, a product). The page still counts
   * as checked for `checkEveryPage`.
   */
  once?: boolean;
}

/**
 * The page now shown passes axe and is whole at the window's width (waits for its h1 and for
 * nothing to be loading first). `label` names the page in a failure.
 */
export async function expectPageOk(page: Page, label?: string, { once = false }: CheckOptions = {}): Promise<void> {
  const started = Date.now();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const key = pageKey(page.url());
  logs.get(page)?.checked.add(key);
  const width = page.viewportSize()?.width ?? 0;
  const runKey = `${width}|${key}`;
  const name = label ?? key;
  if (once && scannedInRun.has(runKey)) return logTime(name, width, started, "skipped");
  // A toast sliding in is, for its moment, wider than the window: let finite animations end first.
  await page.evaluate(settleAnimations);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: sideways scroll`,
  ).toBeLessThanOrEqual(width);
  expect(await page.evaluate(cutOffTexts), `${name}: texts cut off`).toEqual([]);
  expect(await page.evaluate(hiddenRowActions), `${name}: row actions off screen`).toEqual([]);
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  scannedInRun.add(runKey);
  logTime(name, width, started, "scanned");
}

/** With PAGE_CHECK_TIMES=<file>, each check's time is appended to it (to measure what the checks cost). */
function logTime(name: string, width: number, started: number, outcome: "scanned" | "skipped"): void {
  const file = process.env.PAGE_CHECK_TIMES;
  if (file) appendFileSync(file, `${width}\t${outcome}\t${Date.now() - started}\t${name}\n`);
}

/**
 * Records every page `page` shows: a path at which an h1 is rendered (a redirect that renders
 * nothing, such as /orders → /login when signed out, is not a page shown). Returns what to call at
 * the test's end: it fails the test if a page shown was never checked with `expectPageOk`.
 */
export async function watchPages(page: Page): Promise<() => void> {
  const log: PageLog = { shown: new Set(), checked: new Set() };
  logs.set(page, log);
  await page.exposeBinding("__vetportalPageShown", (_source, url: string) => {
    log.shown.add(pageKey(url));
  });
  await page.addInitScript(() => {
    let last = "";
    const report = () => {
      if (location.pathname === last || !document.querySelector("h1")) return;
      last = location.pathname;
      (window as unknown as { __vetportalPageShown: (url: string) => void }).__vetportalPageShown(location.href);
    };
    new MutationObserver(report).observe(document, { childList: true, subtree: true });
  });
  return () => {
    const unchecked = [...log.shown].filter((key) => !log.checked.has(key));
    expect(unchecked, "pages shown in this journey without expectPageOk (axe and whole at this width)").toEqual([]);
  };
}
