import type { APIResponse, Page } from "@playwright/test";
import { STORAGE_KEYS } from "@vetportal/contract";
import { seriousViolations } from "./axe.ts";
import { expect } from "./fixtures.ts";

export { seriousViolations };

/** Axe-clean, with exactly one h1 (STYLE §8 quality bar for every admin page). */
export async function expectAccessiblePage(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Nothing sticks out sideways: wide tables scroll inside their own container (phones). */
export async function expectFitsViewport(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A call to the API with the signed-in page's own bearer token, to check what the UI shows. */
export async function apiAsPage(page: Page, path: string, data: unknown): Promise<APIResponse> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
  const token = (JSON.parse(stored ?? "{}") as { idToken?: string }).idToken;
  return page.request.post(path, { data, headers: { Authorization: `Bearer ${token}` } });
}

/** Picks an option of a Mantine Select or MultiSelect by typing part of it. */
export async function pickOption(page: Page, label: string | RegExp, option: string): Promise<void> {
  const input = page
    .getByRole("textbox", { name: label })
    .or(page.getByRole("combobox", { name: label }))
    .first();
  await input.click();
  await input.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
  // A MultiSelect keeps its list open after a pick; close it as a user would.
  if (await page.getByRole("listbox").isVisible()) await input.press("Escape");
}

/** Success and error toasts (Mantine notifications) are alerts. */
export function toast(page: Page, text: string) {
  return page.getByRole("alert").filter({ hasText: text });
}
