import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Waits (at most 2 s) for the page's finite animations and transitions to end; loaders' endless ones are left. */
export function settleAnimations(): Promise<unknown> {
  const finite = document
    .getAnimations()
    .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
  return Promise.race([
    Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2_000)),
  ]);
}

/** Serious and critical axe violations of one scan, WCAG 2.1 A/AA rules plus best practices. */
async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

/**
 * Serious and critical axe violations that hold in two scans, the page's animations settled between
 * them. A toast closes on the app's timer, not the test's: one that starts to fade out while axe
 * reads the page has, for that moment, the contrast of a half-transparent box. A violation of the
 * page at rest is in both scans.
 */
export async function seriousViolations(page: Page) {
  if ((await scan(page)).length === 0) return [];
  await page.evaluate(settleAnimations);
  return scan(page);
}
