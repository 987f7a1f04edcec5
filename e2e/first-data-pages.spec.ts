import type { Page } from "@playwright/test";
import { brooklynOrderWaiting, expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

// Decision 034, fourth round: on a fresh signed-in visit the product's picture (and a personalised
// product's proof, lever 32) and the order report's chunks come with the code (the boot script,
// build/boot-preload.ts; the lists in apps/web/vite.config.ts).

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

test("a personalised product's proof is asked for as soon as the product's answer says it is one, once", async ({
  page,
}) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  // Who sent each proof request: the boot script inline in the document, or a chunk of the code.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const senders: string[] = [];
  cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
    if (new URL(request.url).pathname !== "/api/proof/query") return;
    senders.push(new URL(initiator.stack?.callFrames[0]?.url || initiator.url || "about:blank").pathname);
  });
  await page.goto("/product/990001");
  await expect(page.getByRole("img", { name: /^Preview of .* with your practice's brand$/ })).toBeVisible();
  expect(senders).toEqual(["/product/990001"]);

  // A product that is not personalised asks for none.
  await page.goto("/product/144100?category=2100");
  await expect(page.getByRole("button", { name: /^Enlarge image of / })).toBeVisible();
  expect(senders).toHaveLength(1);
});

test("the order report's chunks and its filter's choices come with the code, once", async ({ page }) => {
  await signInAsAdmin(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/report/filters" || path === "/api/approvals/waiting") asked.push(path);
  });
  const askedBeforeEntry = await holdEntryUntil(page, () => asked.length === 2);
  await page.goto("/reports/orderreport");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Report filter" })).toBeVisible();
  // Only the boot script asks for a stylesheet with rel=preload (Vite's helper adds rel=stylesheet).
  await expect(page.locator('link[rel=preload][as=style][href^="/assets/order-report-"]')).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(askedBeforeEntry()).toBe(true);
  // Staff's header asks about approvals; the page, its filter's choices: each once, the boot script's.
  expect(asked.sort()).toEqual(["/api/approvals/waiting", "/api/report/filters"]);
});

test("an approver's header has its Approvals link in the first paint, not added after it", async ({ page }) => {
  await signInAsAdmin(page);
  // Whether the header had the link when the page's <main> first appeared (decision 034, lever 61).
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.querySelector("main")) return;
      observer.disconnect();
      const links = Array.from(document.querySelectorAll("header nav a"), (link) => link.textContent ?? "");
      (window as unknown as Record<string, unknown>).firstPaintLinks = links;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/reports/orderreport");
  await expect(page.getByRole("form", { name: "Report filter" })).toBeVisible();
  const links = await page.evaluate(() => (window as unknown as Record<string, unknown>).firstPaintLinks);
  expect(links).toEqual(expect.arrayContaining([expect.stringMatching(/^Approvals/)]));
});

test("the approvals queue and the audit trail ask for their first page once, with the code", async ({ page }) => {
  await signInAsAdmin(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/approvals/queue" || path === "/api/audit/list") asked.push(`${path} ${request.postData()}`);
  });
  const askedBeforeEntry = await holdEntryUntil(page, () => asked.length === 1);
  await page.goto("/approvals");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(askedBeforeEntry()).toBe(true);
  await page.unrouteAll();
  expect(asked).toEqual(['/api/approvals/queue {"limit":25,"offset":0}']);

  asked.length = 0;
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(['/api/audit/list {"limit":50,"offset":0}']);
});

test("issue 23's and 24's administrators' pages ask for their data once, with the code", async ({ page, request }) => {
  const orderId = await brooklynOrderWaiting(request);
  const pages: [string, string[]][] = [
    [`/approvals/${orderId}`, [`/api/approvals/query {"order_id":${orderId}}`]],
    ["/admin/approval-rules", ["/api/approvals/approvers {}", "/api/approvals/rules/list {}"]],
    ["/admin/allowances", ["/api/allowance/programme/list {}"]],
    ["/admin/allowances/1", ['/api/allowance/grid {"programme_id":1}']],
    // The template once the product's answer says the product is personalised.
    ["/Product/Template/990002", ['/api/product/query {"id":990002}', '/api/template/query {"product_id":990002}']],
  ];
  const watched = new Set(pages.flatMap(([, asks]) => asks.map((ask) => ask.split(" ")[0])));
  await signInAsAdmin(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (watched.has(path)) asked.push(`${path} ${request.postData()}`);
  });
  for (const [path, expected] of pages) {
    asked.length = 0;
    const askedBeforeEntry = await holdEntryUntil(page, () => asked.length === expected.length);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.unrouteAll();
    expect(askedBeforeEntry(), path).toBe(true);
    expect(asked.sort(), path).toEqual(expected);
  }
});

test("the allowance page's chunk comes with the code (decision 034, lever 41)", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  let chunkAsked = false;
  page.on("request", (request) => {
    if (/^\/assets\/allowance-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chunkAsked = true;
  });
  const askedBeforeEntry = await holdEntryUntil(page, () => chunkAsked);
  await page.goto("/allowance");
  await expect(page.getByRole("heading", { level: 1, name: "Allowance" })).toBeVisible();
  await page.unrouteAll();
  expect(askedBeforeEntry()).toBe(true);
});

test("My Orders writes its order times without making a time-zone format", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  // Every Intl.DateTimeFormat the page makes, by its time zone: a time zone's first format costs a
  // phone's main thread ~100 ms (decision 034, lever 46), so formatPst writes Pacific time itself.
  const zones: string[] = [];
  await page.exposeFunction("recordDateFormat", (zone: string) => zones.push(zone));
  await page.addInitScript(() => {
    const record = (window as unknown as { recordDateFormat: (zone: string) => void }).recordDateFormat;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        record(args[1]?.timeZone ?? "");
        return Reflect.construct(target, args);
      },
    });
  });
  await page.goto("/orders");
  await expect(page.getByRole("link", { name: /^Order #\d+$/ }).first()).toBeVisible();
  await expect(page.getByText(/^\d{2}\/\d{2}\/20\d{2} \d{1,2}:\d{2} [AP]M PST$/).first()).toBeVisible();
  expect(zones).toEqual([]);
});

test("My Orders makes the browser's date field only when its calendar is asked for", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  await page.goto("/orders");
  await expect(page.getByRole("link", { name: /^Order #\d+$/ }).first()).toBeVisible();
  // A document's first date field loads the locale's calendar: a task of 100–180 ms on a phone
  // (decision 034, lever 47). The filter's days are typed, or picked once the calendar is asked for.
  const pickers = page.locator('input[type="date"]');
  await expect(pickers).toHaveCount(0);
  const form = page.getByRole("form", { name: "Filter my orders" });
  await form.getByRole("button", { name: "Pick from a calendar" }).first().click();
  await expect(pickers).toHaveCount(1);
  await page.keyboard.press("Escape");
  await pickers.fill("2026-11-02");
  await expect(form.getByRole("textbox", { name: "Ordered from" })).toHaveValue("11/02/2026");
  await form.getByRole("textbox", { name: "Ordered to" }).fill("11/1/2026");
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(form.getByText("End date must be greater than or equal to start date.")).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
});

/**
 * Holds the entry script back (at most 3 s) until `asked()` holds: what is asked for meanwhile can
 * only be the boot script's request. The answer: whether it held before the entry went on.
 */
async function holdEntryUntil(page: Page, asked: () => boolean): Promise<() => boolean> {
  let before = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await expect
      .poll(asked, { timeout: 3_000 })
      .toBe(true)
      .catch(() => undefined);
    before = asked();
    await route.continue();
  });
  return () => before;
}

test("My Orders and an order's page ask for their data once, with the code", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    // A practice signed in by its address is never asked about approvals (staff only, boot script included).
    if (["/api/order/list", "/api/order/query", "/api/approvals/waiting"].includes(path)) {
      asked.push(`${path} ${request.postData()}`);
    }
  });
  const orderLinks = page.getByRole("link", { name: /^Order #\d+$/ });

  const askedBeforeEntry = await holdEntryUntil(page, () => asked.length > 0);
  await page.goto("/orders");
  await expect(orderLinks.first()).toBeVisible();
  expect(askedBeforeEntry()).toBe(true);
  await page.unrouteAll();
  const id = ((await orderLinks.first().getAttribute("aria-label")) ?? "").replace(/\D/g, "");
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(['/api/order/list {"limit":25,"offset":0}']);

  // A filtered list: the boot script's unfiltered first page would be wasted, so it sends none.
  asked.length = 0;
  await page.goto("/orders?from=2020-01-01");
  await expect(orderLinks.first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(['/api/order/list {"limit":25,"offset":0,"date_from":"2020-01-01"}']);

  asked.length = 0;
  await page.goto(`/order/${id}/2`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([`/api/order/query {"id":${id}}`]);
});

for (const [path, heading] of [
  ["/cart/preview", "Preview Order"],
  ["/cart/shipping", "Shipping"],
] as const) {
  test(`the cart's quote comes with the code, once, on ${path}`, async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto("/product/144100?category=2100");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page).toHaveURL("/cart/preview");
    // The cart's own calls (its sync, its quote) are over before the fresh load is watched.
    await page.waitForLoadState("networkidle");

    const quotes: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/order/quote") quotes.push(request.postData() ?? "");
    });
    const askedBeforeEntry = await holdEntryUntil(page, () => quotes.length > 0);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(askedBeforeEntry()).toBe(true);
    // The page's first quote is the boot script's (a delivery method chosen later asks for its own).
    expect(quotes).toHaveLength(1);
    expect(JSON.parse(quotes[0] ?? "")).toEqual({ items: [{ id: 144100, quantity: expect.any(Number) }] });
  });
}
