import type { Page } from "@playwright/test";
import { CART_STORAGE_KEY, MESSAGES } from "@vetportal/contract";
import { apiAsPage } from "./support/admin-helpers.ts";
import { cartLink, expect, PRACTICES, signInAsPractice, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/**
 * The checkout shows the price (issue 11): the cart and shipping pages show each line's price and
 * the order's amounts from the server's quote, the receipt shows the same total, a quantity the
 * portal changes says why, the PO number reaches the receipt, and the cart follows the practice.
 */
const PRODUCT_NAME = "Kitten Vaccination Schedule";

async function openProduct(page: Page) {
  await page.getByRole("link", { name: /New Client Kits/ }).click();
  await expect(page).toHaveURL("/category/2100");
  await expectPageOk(page, "category", { once: true });
  await page.getByRole("link", { name: new RegExp(PRODUCT_NAME) }).click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT_NAME })).toBeVisible();
  await expectPageOk(page, "product", { once: true });
}

async function quantityLimits(page: Page) {
  const read = async (which: "Minimum" | "Maximum") => {
    const text = await page.getByText(new RegExp(`^\\* ${which} Order \\d+ Packs? of \\d+$`)).textContent();
    return Number(/Order (\d+)/.exec(text ?? "")?.[1]);
  };
  return { min: await read("Minimum"), max: await read("Maximum") };
}

test.describe("prices at checkout", () => {
  // Whole journeys with accessibility scans (and a second browser): over a minute on a loaded machine.
  test.beforeEach(() => test.slow());
  // Every page shown passes axe and is whole, at desktop size and at 390×844 (issue 22 §3).
  test.use({ checkEveryPage: true });

  test("a practice sees prices in the cart, the same total at shipping and on the receipt, with its PO number", async ({
    page,
  }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await openProduct(page);
    const { min } = await quantityLimits(page);
    await page.getByLabel("Quantity (packs)").fill(String(min + 1));
    await page.getByRole("button", { name: "Add To Cart" }).click();

    // Cart: the line's price per pack and total, and the order's amounts.
    await expect(page).toHaveURL("/cart/preview");
    const line = page.getByRole("row", { name: new RegExp(PRODUCT_NAME) });
    await expect(line.getByText(/^\$\d+\.\d{2} per pack/)).toBeVisible();
    const amounts = page.getByLabel("Order amounts");
    await expect(amounts.getByText("Pick Fees")).toBeVisible();
    await expect(amounts.getByText("Shipping")).toBeVisible();
    await expect(amounts.getByText("Processing")).toBeVisible();
    await expect(amounts.getByText("Tax")).toBeVisible();
    const total = (await amounts.locator("dd").last().textContent()) ?? "";
    expect(total).toMatch(/^\$\d+\.\d{2}$/);
    await expectPageOk(page);

    // Shipping: the same total, before the order is placed.
    await page.getByRole("link", { name: "Check Out" }).click();
    await expect(page).toHaveURL("/cart/shipping");
    const shippingAmounts = page.getByLabel("Order amounts");
    await expect(shippingAmounts.locator("dd").last()).toHaveText(total);
    await expect(page.getByRole("list", { name: "Products" })).toContainText("per pack");
    await page.getByLabel("PO Number").fill("PO-E2E-4411");
    // Happy Paws' department has one cost center; it is offered, not required.
    await expect(page.getByLabel("Cost Center")).toBeVisible();
    await page.getByLabel("Cost Center").selectOption({ label: "CC-200 Field Sales" });
    await expectPageOk(page);
    await page.getByRole("button", { name: "Place Order" }).click();

    // The receipt: the quoted total and the PO number.
    await expect(page).toHaveURL(/\/order\/\d+\/1$/);
    await expect(page.getByText("PO-E2E-4411")).toBeVisible();
    await expect(page.getByText(total, { exact: true }).last()).toBeVisible();
    await expect(cartLink(page)).not.toContainText(/\d/);
    await expectPageOk(page, "confirmation with a PO number");
  });

  test("a quantity the portal changes says what it did and why", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await openProduct(page);
    const { min, max } = await quantityLimits(page);

    // The product page: below the minimum is raised, and says so.
    const field = page.getByLabel("Quantity (packs)");
    await field.fill(String(min - 1));
    await field.blur();
    await expect(field).toHaveValue(String(min));
    await expect(page.getByText(`Raised to the minimum of ${min} packs.`)).toBeVisible();
    await expect(page.getByText(MESSAGES.quantityBetween(min, max))).toBeVisible();
    await expectPageOk(page, "product with a raised quantity");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page).toHaveURL("/cart/preview");

    // The cart's field: above the maximum is lowered, and says so.
    const quantity = page.getByRole("textbox", { name: `Quantity of ${PRODUCT_NAME}` });
    await quantity.fill(String(max + 3));
    await quantity.press("Enter");
    await expect(quantity).toHaveValue(String(max));
    const line = page.getByRole("row", { name: new RegExp(PRODUCT_NAME) });
    await expect(line.getByRole("status")).toContainText(`Lowered to the maximum of ${max} packs.`);

    // A stale copy of the cart (another tab, an old session): the server's quote corrects it,
    // and the field says what was done.
    await page.evaluate(
      ({ key, value }) => {
        const cart = JSON.parse(sessionStorage.getItem(key) ?? "[]");
        cart[0].quantity = value;
        sessionStorage.setItem(key, JSON.stringify(cart));
        sessionStorage.removeItem(`${key}.notes`);
      },
      { key: CART_STORAGE_KEY, value: max + 7 },
    );
    await page.reload();
    await expect(quantity).toHaveValue(String(max));
    await expect(line.getByRole("status")).toContainText(`Lowered to the maximum of ${max} packs.`);
    await expectPageOk(page);
  });

  test("the cart follows the practice to another browser", async ({ page, browser }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await openProduct(page);
    const { min } = await quantityLimits(page);
    await page.getByLabel("Quantity (packs)").fill(String(min + 2));
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page.getByRole("row", { name: new RegExp(PRODUCT_NAME) })).toBeVisible();
    await expectPageOk(page, "cart", { once: true });

    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await signInAsPractice(second, PRACTICES.happyPaws);
      await second.goto("/cart/preview");
      await expect(second.getByRole("textbox", { name: `Quantity of ${PRODUCT_NAME}` })).toHaveValue(String(min + 2));
    } finally {
      await other.close();
    }
  });

  test("a tab reloaded after another tab emptied the cart stays empty (decision 027)", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await openProduct(page);
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page.getByRole("row", { name: new RegExp(PRODUCT_NAME) })).toBeVisible();
    await expectPageOk(page, "cart", { once: true });

    // A second tab of the same browser: the same session, its own copy of the cart.
    const second = await page.context().newPage();
    try {
      await second.goto("/cart/preview");
      await expect(second.getByRole("row", { name: new RegExp(PRODUCT_NAME) })).toBeVisible();
      await second.getByRole("button", { name: "Empty Cart" }).click();
      await expect(second).toHaveURL("/");
    } finally {
      await second.close();
    }

    // The first tab still holds its copy; reloading the cart page must not bring the line back.
    await page.reload();
    await expect(page.getByText(MESSAGES.cartEmpty)).toBeVisible();
    await expectPageOk(page, "empty cart", { once: true });
    await page.reload();
    await expect(page.getByText(MESSAGES.cartEmpty)).toBeVisible();
    const cart = await apiAsPage(page, "/api/cart/query", {});
    expect(((await cart.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
  });
});
