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

/** What main holds when React first fills it: the links of its first paint. */
async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      const main = document.querySelector("main");
      if (!main?.querySelector("h1")) return;
      observer.disconnect();
      (window as unknown as Record<string, unknown>).firstPaintLinks = Array.from(main.querySelectorAll("a")).map(
        (link) => link.getAttribute("aria-label") ?? link.textContent,
      );
    }).observe(document, { childList: true, subtree: true });
  });
}

test("My Orders paints its first page of orders at once, asked for with the code", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  await recordFirstPaint(page);
  const requests = recordApi(page);
  await page.goto("/orders");
  const orderLinks = page.getByRole("main").getByRole("link", { name: /^Order #\d+$/ });
  await expect(orderLinks.first()).toBeVisible();
  const links = (await page.evaluate(() => (window as unknown as Record<string, unknown>).firstPaintLinks)) as string[];
  // The first paint is the orders themselves, not a page of grey placeholders.
  expect(links.filter((name) => /^Order #\d+$/.test(name))).toHaveLength(await orderLinks.count());
  expect(await orderLinks.count()).toBeGreaterThan(0);
  const lists = requests.filter((request) => request.path === "/api/order/list");
  // The boot script's request, then the page's check on opening (the list's staleTime is 0).
  expect(lists.length).toBeGreaterThanOrEqual(1);
  expect(lists.every((request) => request.body === JSON.stringify({ limit: 25, offset: 0 }))).toBe(true);

  // A filtered address sends only the page's own request: the boot script's default is left out.
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
  const requests = recordApi(page);
  await page.goto("/reports/orderreport");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Report filter" })).toBeVisible();
  const preloaded = await page.evaluate(() =>
    Array.from(document.querySelectorAll("link[rel=modulepreload]")).map((link) => link.getAttribute("href")),
  );
  expect(preloaded).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/order-report-[\w-]{8}\.js$/)]));
  // Sent once, by the boot script; the form took its answer.
  expect(requests.filter((request) => request.path === "/api/report/filters")).toHaveLength(1);
});
