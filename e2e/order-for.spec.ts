import type { Page } from "@playwright/test";
import { apiAsPage, expectAccessiblePage, expectFitsViewport } from "./support/admin-helpers.ts";
import { categoryLinks, expect, PRACTICES, signInAsAdmin, test } from "./support/fixtures.ts";

/**
 * Ordering on a practice's behalf (issue 23 §4, decision 042): the administrator takes an order by
 * phone at /admin/order-for, orders as the practice (its categories, its cart, its addresses), and
 * the order says "Placed by {administrator} for {practice}" on the practice's page and the desk.
 */
const PRACTICE = PRACTICES.hudsonValley;
const STRIP = "Ordering for a practice";

/** Finds the practice by part of its name and starts ordering for it. */
async function startOrderingFor(page: Page) {
  await page.goto("/admin/order-for");
  await expect(page.getByRole("heading", { level: 1, name: "Order for a practice" })).toBeVisible();
  await expectAccessiblePage(page);
  await page.getByRole("textbox", { name: "Practice name" }).fill("hudson val");
  await page.getByRole("form", { name: "Find a practice" }).getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Order for ${PRACTICE.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("region", { name: STRIP })).toContainText(`Ordering for ${PRACTICE.name}`);
}

/** Puts the first product of New York's own category (2217) into the cart and places the order. */
async function placeOrderAsPractice(page: Page): Promise<number> {
  // New York's categories, not every category the administrator sees.
  const links = await categoryLinks(page);
  expect(links).toContain("/category/2217");
  expect(links).not.toContain("/category/2100");
  const list = await apiAsPage(page, "/api/product/list", { product_category_id: 2217 });
  const products = (await list.json()).data as { id: number; is_in_inventory: boolean; actual_inventory: number }[];
  const product = products.find((p) => !p.is_in_inventory || p.actual_inventory > 20);
  if (!product) throw new Error("no orderable product in category 2217");
  const detail = (await (await apiAsPage(page, "/api/product/query", { id: product.id })).json()).data as {
    min_quantity: number;
  };
  await page.goto(`/product/${product.id}?category=2217`);
  await page.getByLabel("Quantity (packs)").fill(String(detail.min_quantity));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL("/cart/preview");
  await page.getByRole("link", { name: "Check Out" }).click();
  await expect(page).toHaveURL("/cart/shipping");
  // The practice's own address.
  await expect(page.locator("address").getByText(PRACTICE.address)).toBeVisible();
  await expectAccessiblePage(page);
  await page.getByLabel("Contact Name").fill("Hana Reyes");
  await page.getByLabel("Contact Phone").fill("8455550123");
  await page.getByRole("textbox", { name: "Email" }).fill("front@hudsonvalley.test");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/1$/);
  return Number(/\/order\/(\d+)\/1$/.exec(page.url())?.[1]);
}

async function journey(page: Page) {
  await signInAsAdmin(page);
  await startOrderingFor(page);
  await expectAccessiblePage(page);
  await expectFitsViewport(page);
  const orderId = await placeOrderAsPractice(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your Order Has Been Submitted" })).toBeVisible();
  const placedBy = new RegExp(`^Placed by .+ for ${PRACTICE.name}$`);
  await expect(page.getByText(placedBy)).toBeVisible();
  await expectAccessiblePage(page);
  await expectFitsViewport(page);

  // Stop: the administrator's own session, back on the order-for page.
  await page
    .getByRole("region", { name: STRIP })
    .getByRole("button", { name: `Stop acting for ${PRACTICE.name}` })
    .click();
  await expect(page).toHaveURL("/admin/order-for");
  await expect(page.getByRole("heading", { level: 1, name: "Order for a practice" })).toBeFocused();
  await expect(page.getByRole("region", { name: STRIP })).toHaveCount(0);

  // The desk says who placed it.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText(placedBy)).toBeVisible();
  await expectFitsViewport(page);
}

test.describe("ordering on a practice's behalf", () => {
  // Two sessions, two orders' worth of pages and five accessibility scans.
  test.describe.configure({ timeout: 180_000 });

  test("an administrator takes a practice's order by phone, at desktop size", async ({ page }) => {
    await journey(page);
  });

  test("an administrator takes a practice's order by phone, on a phone (390×844)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await journey(page);
  });
});
