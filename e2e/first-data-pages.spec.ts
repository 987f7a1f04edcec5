import type { Page } from "@playwright/test";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

// Decision 034, fourth round: the pages' own first data and chunks come with the code on a fresh
// signed-in visit (the boot script, build/boot-preload.ts; the lists in apps/web/vite.config.ts).

/** The API requests the page sends from now on, with their bodies. */
function recordApi(page: Page): { path: string; body: string | null }[] {
  const requests: { path: string; body: string | null }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) requests.push({ path: url.pathname, body: request.postData() });
  });
  return requests;
}

/** From now on, the moment React first replaces #root's boot logo (before it, no page code has run). */
async function recordFirstRender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      const root = records.find((record) => (record.target as Element).id === "root" && record.removedNodes.length > 0);
      if (!root) return;
      observer.disconnect();
      (window as unknown as Record<string, number>).firstRenderAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Whether the request to `path` left before React's first render: the boot script sent it, not the page. */
function sentBeforeFirstRender(page: Page, path: string): Promise<boolean> {
  return page.evaluate((apiPath) => {
    const rendered = (window as unknown as Record<string, number>).firstRenderAt;
    const entries = performance.getEntriesByType("resource");
    const request = entries.find((entry) => new URL(entry.name).pathname === apiPath);
    return request !== undefined && rendered !== undefined && request.startTime < rendered;
  }, path);
}

test("My Orders' first page of orders is asked for with the code, once", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  await recordFirstRender(page);
  const requests = recordApi(page);
  await page.goto("/orders");
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /^Order #\d+$/ })
      .first(),
  ).toBeVisible();
  // The boot script's request, taken by the page: not sent a second time.
  const lists = requests.filter((request) => request.path === "/api/order/list");
  expect(lists).toEqual([{ path: "/api/order/list", body: JSON.stringify({ limit: 25, offset: 0 }) }]);
  expect(await sentBeforeFirstRender(page, "/api/order/list")).toBe(true);

  // An address with a query string sends only the page's own request: the boot script's default is left out.
  requests.length = 0;
  await page.goto("/orders?page=2");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect.poll(() => requests.filter((request) => request.path === "/api/order/list").length).toBeGreaterThan(0);
  const filtered = requests.filter((request) => request.path === "/api/order/list");
  expect(filtered.every((request) => request.body === JSON.stringify({ limit: 25, offset: 25 }))).toBe(true);
});

test("a product's picture is fetched as soon as the product's answer names it, once", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  const images: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/media/products/")) images.push(url.pathname);
  });
  await page.goto("/product/144100?category=2100");
  const picture = page.getByRole("button", { name: /^Enlarge image of / }).getByRole("img");
  await expect(picture).toBeVisible();
  const src = await picture.getAttribute("src");
  expect(src).toMatch(/^\/media\/products\//);
  const preload = page.locator(`link[rel=preload][as=image][href="${src}"]`);
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  // The picture used the preloaded response: one request for it.
  expect(images.filter((path) => path === src)).toHaveLength(1);
});

test("the order report's chunks and filters come with the code", async ({ page }) => {
  await signInAsAdmin(page);
  await recordFirstRender(page);
  const requests = recordApi(page);
  await page.goto("/reports/orderreport");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Report filter" })).toBeVisible();
  // Only the boot script asks for a stylesheet with rel=preload (Vite's helper adds rel=stylesheet).
  await expect(page.locator('link[rel=preload][as=style][href^="/assets/order-report-"]')).toHaveCount(1);
  expect(await sentBeforeFirstRender(page, "/api/report/filters")).toBe(true);
  // Sent once, by the boot script; the form took its answer.
  expect(requests.filter((request) => request.path === "/api/report/filters")).toHaveLength(1);
});
