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

/**
 * Serious and critical axe violations of one scan, WCAG 2.1 A/AA rules plus best practices.
 *
 * `axe.run` in the page itself (legacy mode), and only the violations kept: the builder's default
 * runs axe in parts and joins them in a blank page it opens for every scan, and lists every element
 * that passed each rule. The same rules, the same violations, a third of the time (My Orders:
 * 3.5 s → 1.0 s a scan; docs/testing.md). Legacy mode leaves out only cross-origin frames, and the
 * portal shows none.
 */
async function scan(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

/**
 * Counts, from now on, the transitions and animations that start on the page, and says whether any
 * did since the last call (window.__vetportalMotion).
 */
function motionSinceLastLook(): boolean {
  const page = window as Window & { __vetportalMotion?: number };
  if (page.__vetportalMotion === undefined) {
    for (const type of ["transitionrun", "animationstart"])
      document.addEventListener(type, () => {
        page.__vetportalMotion = (page.__vetportalMotion ?? 0) + 1;
      });
  }
  const moved = (page.__vetportalMotion ?? 0) > 0;
  page.__vetportalMotion = 0;
  return moved;
}

/**
 * Serious and critical axe violations of the page at rest. A toast opens and closes on the app's
 * timer, not the test's: one that fades in or out while axe reads the page has, for that moment, the
 * contrast of a half-transparent box. So a scan that finds anything is repeated, up to three times,
 * with the page's animations settled before it, until one sees nothing start while it reads; a
 * violation of the page at rest is in every scan.
 */
export async function seriousViolations(page: Page) {
  let violations = await scan(page);
  for (let attempt = 0; violations.length > 0 && attempt < 3; attempt++) {
    await page.evaluate(settleAnimations);
    await page.evaluate(motionSinceLastLook);
    violations = await scan(page);
    if (!(await page.evaluate(motionSinceLastLook))) break;
  }
  return violations;
}
