/**
 * A Chromium tab on the portal for the benchmarks (Lighthouse, the phone tab, the prerendered copy):
 * Debian's Chromium launched headless with this machine's flags, and the steps a signed-in audit
 * takes first (sign in through the real form, put a product in the cart, find a page's first link).
 */
import * as chromeLauncher from "chrome-launcher";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { CHROMIUM_ARGS } from "../../e2e/support/chromium.ts";

/** Headless, with the flags every Chromium launch on this machine takes (e2e/support/chromium.ts). */
export const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

const PRACTICE = { name: "Happy Paws Veterinary Clinic", address: "120 Market Street", zip: "94105" };
const ADMIN = { email: "admin@vetportal.example", password: "VetPortal2026" };
/** A category Happy Paws sees (e2e/place-order.spec.ts uses it too). */
export const CATEGORY_PATH = "/category/2100";

export async function withBrowser<T>(
  chromePath: string,
  use: (browser: Browser, tab: Page) => Promise<T>,
  extraFlags: string[] = [],
): Promise<T> {
  const chromeFlags = [...CHROMIUM_FLAGS, ...extraFlags];
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "silent" });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      return await use(browser, await browser.newPage());
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

async function waitForHome(tab: Page): Promise<void> {
  // Page-side code as text: the bench compiles without the DOM's types.
  await tab.waitForFunction(
    'location.pathname === "/" && document.querySelector("main h1")?.textContent === "Products"',
  );
}

export async function signInAsPractice(tab: Page, baseUrl: string): Promise<void> {
  await tab.goto(new URL("/login", baseUrl).href);
  await tab.locator("input[autocomplete=organization]").fill(PRACTICE.name);
  await tab.locator("input[autocomplete=address-line1]").fill(PRACTICE.address);
  await tab.locator("input[autocomplete=postal-code]").fill(PRACTICE.zip);
  await tab.locator("button[type=submit]").click();
  await waitForHome(tab);
}

export async function signInAsAdmin(tab: Page, baseUrl: string): Promise<void> {
  await tab.goto(new URL("/login", baseUrl).href);
  // The switch's input is visually hidden; a click on it is what a click on its label does. The page
  // renders once its modules are in (index.html shows the logo until then), so wait for it first.
  await tab.waitForSelector("input[role=switch]");
  await tab.$eval("input[role=switch]", (input) => (input as unknown as { click(): void }).click());
  await tab.locator("input[autocomplete=username]").fill(ADMIN.email);
  await tab.locator("input[autocomplete=current-password]").fill(ADMIN.password);
  await tab.locator("button[type=submit]").click();
  await waitForHome(tab);
}

/** Opens the category, then its first product, and puts that product in the cart; returns the product's path. */
export async function addFirstProductToCart(tab: Page, baseUrl: string): Promise<string> {
  await tab.goto(new URL(CATEGORY_PATH, baseUrl).href);
  const product = await tab.waitForSelector('main a[href^="/product/"]');
  const path = await product?.evaluate((link) => link.getAttribute("href"));
  if (!path) throw new Error(`no product on ${CATEGORY_PATH}`);
  await tab.goto(new URL(path, baseUrl).href);
  await tab.locator('form[aria-label="Add to cart"] button[type=submit]').click();
  await tab.waitForFunction('location.pathname === "/cart/preview"');
  return path;
}

/** The first link on `page` to a path starting with `prefix` (an order waiting for approval, a programme). */
export async function firstLinkOn(tab: Page, baseUrl: string, page: string, prefix: string): Promise<string> {
  await tab.goto(new URL(page, baseUrl).href);
  const link = await tab.waitForSelector(`main a[href^="${prefix}"]`);
  const path = await link?.evaluate((a) => a.getAttribute("href"));
  if (!path) throw new Error(`no link to ${prefix}… on ${page}`);
  return path;
}

/** The first order on My Orders (the practice's newest); returns its page's path. */
export async function firstOrderPath(tab: Page, baseUrl: string): Promise<string> {
  await tab.goto(new URL("/orders", baseUrl).href);
  const order = await tab.waitForSelector('main a[href^="/order/"]');
  const path = await order?.evaluate((link) => link.getAttribute("href"));
  if (!path) throw new Error("no order on /orders");
  return path;
}
