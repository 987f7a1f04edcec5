import type { Page } from "@playwright/test";
import { CART_STORAGE_KEY, MESSAGES, STORAGE_KEYS } from "@vetportal/contract";
import { apiAsPage } from "./support/admin-helpers.ts";
import { cartLink, expect, openMainLink, PRACTICES, signInAsPractice, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/** A New Client Kits product (category 2100, which Happy Paws sees) whose minimum is above 1. */
const CATEGORY_NAME = "New Client Kits";
const PRODUCT_NAME = "Kitten Vaccination Schedule";

/** The product page's '* Minimum Order {min} Packs of {pack}' and '* Maximum Order …' notes. */
async function quantityLimits(page: Page) {
  const read = async (which: "Minimum" | "Maximum") => {
    const text = await page.getByText(new RegExp(`^\\* ${which} Order \\d+ Packs? of \\d+$`)).textContent();
    return Number(/Order (\d+)/.exec(text ?? "")?.[1]);
  };
  return { min: await read("Minimum"), max: await read("Maximum") };
}

async function openProduct(page: Page) {
  await page.getByRole("link", { name: new RegExp(CATEGORY_NAME) }).click();
  await expect(page).toHaveURL("/category/2100");
  await expect(page.getByRole("heading", { level: 1, name: CATEGORY_NAME })).toBeVisible();
  await expectPageOk(page, "category", { once: true });
  await page.getByRole("link", { name: new RegExp(PRODUCT_NAME) }).click();
  await expect(page).toHaveURL(/\/product\/\d+\?category=2100$/);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT_NAME })).toBeVisible();
  await expectPageOk(page, "product", { once: true });
}

/** From the product page: a valid quantity into the cart, then on to the shipping page. */
async function addToCartAndCheckOut(page: Page, quantity: number) {
  await page.getByLabel("Quantity (packs)").fill(String(quantity));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL("/cart/preview");
  await expectPageOk(page, "cart", { once: true });
  await page.getByRole("link", { name: "Check Out" }).click();
  await expect(page).toHaveURL("/cart/shipping");
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  await expectPageOk(page, "shipping", { once: true });
}

test.describe("placing an order", () => {
  // Every page shown passes axe and is whole, at desktop size and at 390×844 (issue 22 §3).
  test.use({ checkEveryPage: true });

  test("a practice picks a product, checks out, finds the order in My Orders and cancels it", async ({ page }) => {
    // The longest journey of the suite (eleven pages, three accessibility scans, prices quoted on
    // the cart and shipping pages): over a minute on a loaded two-core machine.
    test.slow();
    const orderCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/order/add")
        orderCalls.push(request.headers()["idempotency-key"] ?? "");
    });
    await signInAsPractice(page, PRACTICES.happyPaws);

    // Category page.
    await openProduct(page);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: CATEGORY_NAME })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: PRODUCT_NAME })).toBeVisible();
    await expectPageOk(page);
    await page.getByRole("link", { name: new RegExp(PRODUCT_NAME) }).click();

    // Product page: the quantity rules of SPEC §5.
    const { min, max } = await quantityLimits(page);
    expect(min, "the chosen demo product needs a minimum above 1").toBeGreaterThan(1);
    const quantity = page.getByLabel("Quantity (packs)");
    await expect(quantity).toHaveValue(String(min));
    await expect(page.getByText(/^Estimated Shipping Date: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(
      page.getByText(/^Estimated Shipping Date is based on a day cut off time of \d+ pm EST$/),
    ).toBeVisible();
    await expectPageOk(page);

    await quantity.fill(String(min - 1));
    await quantity.blur();
    await expect(quantity).toHaveValue(String(min));
    await expect(page.getByText(MESSAGES.quantityBetween(min, max))).toBeVisible();

    await quantity.fill(String(max + 1));
    await quantity.blur();
    await expect(quantity).toHaveValue(String(max));
    await expect(page.getByText(MESSAGES.quantityBetween(min, max))).toBeVisible();

    await quantity.fill("0");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/product\//);

    // The picture opens enlarged.
    await page.getByRole("button", { name: `Enlarge image of ${PRODUCT_NAME}` }).click();
    const zoom = page.getByRole("dialog", { name: PRODUCT_NAME });
    await expect(zoom.getByRole("img", { name: PRODUCT_NAME })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(zoom).toBeHidden();

    const ordered = min + 1;
    await quantity.fill(String(ordered));
    await page.getByRole("button", { name: "Add To Cart" }).click();

    // Cart preview.
    await expect(page).toHaveURL("/cart/preview");
    await expect(page.getByRole("heading", { level: 1, name: "Preview Order" })).toBeVisible();
    const line = page.getByRole("row", { name: new RegExp(PRODUCT_NAME) });
    await expect(line.getByRole("textbox", { name: `Quantity of ${PRODUCT_NAME}` })).toHaveValue(String(ordered));
    await expect(cartLink(page)).toContainText("1");
    await line.getByRole("button", { name: `Increase quantity of ${PRODUCT_NAME}` }).click();
    await expect(line.getByRole("textbox", { name: `Quantity of ${PRODUCT_NAME}` })).toHaveValue(String(ordered + 1));
    await line.getByRole("button", { name: `Decrease quantity of ${PRODUCT_NAME}` }).click();
    await expect(line.getByRole("textbox", { name: `Quantity of ${PRODUCT_NAME}` })).toHaveValue(String(ordered));
    await expectPageOk(page);
    await page.getByRole("link", { name: "Check Out" }).click();

    // Shipping: required fields are checked before anything is sent.
    await expect(page).toHaveURL("/cart/shipping");
    await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
    await expect(page.locator("address").getByText("120 Market Street")).toBeVisible();
    await expect(page.getByText(`${ordered} packs of`)).toBeVisible();
    await page.getByLabel("Contact Name").fill("");
    await page.getByLabel("Contact Phone").fill("");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Contact name is required")).toBeVisible();
    await expect(page.getByText(MESSAGES.phoneRequired)).toBeVisible();
    expect(orderCalls).toEqual([]);
    await expectPageOk(page);

    const note = `E2E order ${Date.now()}`;
    await page.getByLabel("Contact Name").fill("Maria Lopez");
    await page.getByLabel("Contact Phone").fill("4155550123");
    await expect(page.getByLabel("Contact Phone")).toHaveValue("415-555-0123");
    await expect(page.getByLabel("Delivery Method")).toHaveValue("1");
    await page.getByRole("textbox", { name: "Email" }).fill("maria@happypaws.com");
    await page.getByLabel("Order Note").fill(note);
    await page.getByRole("button", { name: "Place Order" }).click();

    // Confirmation.
    await expect(page).toHaveURL(/\/order\/\d+\/1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Order Has Been Submitted" })).toBeVisible();
    await expect(page.getByText(/A confirmation email is on its way to maria@happypaws\.com/)).toBeVisible();
    const orderId = Number(/\/order\/(\d+)\/1$/.exec(page.url())?.[1]);
    expect(orderCalls).toHaveLength(1);
    expect(orderCalls[0]?.length).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole("row", { name: new RegExp(PRODUCT_NAME) })).toContainText(String(ordered));
    await expect(page.getByText(note)).toBeVisible();
    await expect(cartLink(page)).not.toContainText(/\d/);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), CART_STORAGE_KEY)).toBeNull();
    await expectPageOk(page);

    // My Orders lists it first, with the note.
    await openMainLink(page, "Orders");
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    const firstRow = page.getByRole("row").nth(1);
    await expect(firstRow.getByRole("link", { name: `Order #${orderId}` })).toBeVisible();
    await expect(firstRow).toContainText(note);
    await expect(firstRow).toContainText("Active");
    await expect(firstRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M PST/);
    await expectPageOk(page);
    await firstRow.getByRole("link", { name: `Order #${orderId}` }).click();

    // Order details: cancel, first saying no, then yes.
    await expect(page).toHaveURL(`/order/${orderId}/2`);
    await expect(page.getByRole("heading", { level: 1, name: "Your Order Details" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel Order" }).click();
    const confirm = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(confirm).toContainText(MESSAGES.cancelOrderConfirm);
    await confirm.getByRole("button", { name: "Keep order" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("row", { name: new RegExp(PRODUCT_NAME) })).not.toContainText("Cancelled");

    await page.getByRole("button", { name: "Cancel Order" }).click();
    await page
      .getByRole("dialog", { name: MESSAGES.confirmTitle })
      .getByRole("button", { name: "Cancel order" })
      .click();
    await expect(page.getByRole("alert").filter({ hasText: `Order #${orderId} has been cancelled.` })).toBeVisible();
    const cancelled = page.getByRole("row", { name: new RegExp(PRODUCT_NAME) });
    await expect(cancelled).toContainText("Cancelled");
    await expect(cancelled.getByRole("cell").first()).toHaveCSS("color", "rgb(201, 42, 42)");
    await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    await expectPageOk(page);
  });

  test("the order can go to another of the practice's own addresses", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    // A street of its own each run: the desktop and phone projects share one database.
    const street = `${500 + (Date.now() % 400)} Howard Street`;
    const added = await apiAsPage(page, "/api/address/add", {
      belong_to: "user",
      dropdown_name: "Annex",
      contact: "Maria Lopez",
      line1: street,
      city: "San Francisco",
      state: "CA",
      zip_code: "94105",
      country: 186,
    });
    expect(added.ok()).toBe(true);
    await openProduct(page);
    const { min } = await quantityLimits(page);
    await addToCartAndCheckOut(page, min);
    const choice = page.getByLabel("Delivery address");
    const annex = await choice.locator("option", { hasText: street }).getAttribute("value");
    await choice.selectOption(annex ?? "");
    await expect(page.getByText(street)).toHaveCount(2); // the option and the address block
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order\/\d+\/1$/);
    await expect(page.getByText(street)).toBeVisible();
    await expect(page.getByText("120 Market Street")).toHaveCount(0);
    await expectPageOk(page, "confirmation", { once: true });
  });

  test("Empty Cart clears the cart and goes home; an empty cart says so", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await openProduct(page);
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page).toHaveURL("/cart/preview");
    await expectPageOk(page, "cart", { once: true });

    // The product page starts from the quantity already in the cart.
    const { min } = await test.step("back on the product page", async () => {
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: PRODUCT_NAME })).toBeVisible();
      return quantityLimits(page);
    });
    await page.getByLabel("Quantity (packs)").fill(String(min + 2));
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page.getByRole("textbox", { name: `Quantity of ${PRODUCT_NAME}` })).toHaveValue(String(min + 2));
    await expect(page.getByRole("row")).toHaveCount(2); // header + one line: the product's line was replaced
    await page.goBack();
    await expect(page.getByLabel("Quantity (packs)")).toHaveValue(String(min + 2));
    await page.goForward();

    await page.getByRole("button", { name: `Remove ${PRODUCT_NAME}` }).click();
    await expect(page.getByText(MESSAGES.cartEmpty)).toBeVisible();
    await expectPageOk(page, "empty cart");

    await page.goBack();
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByRole("button", { name: "Empty Cart" }).click();
    await expect(page).toHaveURL("/");
    await expectPageOk(page, "home", { once: true });
    await cartLink(page).click();
    await expect(page.getByText(MESSAGES.cartEmpty)).toBeVisible();
    await expect(page.getByRole("link", { name: "Check Out" })).toHaveCount(0);
  });

  test.describe("when the cart holds a quantity the portal would not accept", () => {
    test("the line is lowered before the order is placed, and says why (issue 11)", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await openProduct(page);
      const { max } = await quantityLimits(page);
      await addToCartAndCheckOut(page, max);

      // The cart is the browser's: make its line exceed the maximum, as a stale tab could.
      await page.evaluate(
        ({ key, quantity }) => {
          const cart = JSON.parse(sessionStorage.getItem(key) ?? "[]");
          cart[0].quantity = quantity;
          sessionStorage.setItem(key, JSON.stringify(cart));
        },
        { key: CART_STORAGE_KEY, quantity: max + 5 },
      );
      await page.reload();

      // The server's quote accepts the maximum: the line takes it and says so.
      const products = page.getByRole("list", { name: "Products" });
      const line = products.getByRole("listitem").filter({ hasText: PRODUCT_NAME });
      await expect(line).toContainText(`${max} packs of`);
      await expect(line).toContainText(`Lowered to the maximum of ${max} packs.`);
      const cart = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]"), CART_STORAGE_KEY);
      expect(cart[0].quantity).toBe(max);
      await expectPageOk(page, "shipping with a lowered line");
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page).toHaveURL(/\/order\/\d+\/1$/);
      await expect(page.getByRole("row", { name: new RegExp(PRODUCT_NAME) })).toContainText(String(max));
      await expectPageOk(page, "confirmation", { once: true });
    });
  });

  test.describe("when the answer to Place Order is lost", () => {
    test.use({ allowedConsoleErrors: /Failed to load resource/ });

    test("trying again returns the same order instead of placing a second one", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      const before = await orderCount(page);
      await openProduct(page);
      const { min } = await quantityLimits(page);
      await addToCartAndCheckOut(page, min);

      const keys: string[] = [];
      let lost = false;
      await page.route("**/api/order/add", async (route) => {
        keys.push(route.request().headers()["idempotency-key"] ?? "");
        if (lost) return route.continue();
        lost = true;
        // The server places the order, but its answer never reaches the browser.
        await route.fetch();
        await route.abort("connectionreset");
      });
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Your order was not placed" })).toBeVisible();
      await expectPageOk(page, "shipping after a lost answer", { once: true });
      await page.getByRole("button", { name: "Place Order" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Your Order Has Been Submitted" })).toBeVisible();
      await expectPageOk(page, "confirmation", { once: true });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await orderCount(page)).toBe(before + 1);
    });
  });

  test("the header search lists matching products, or says there are none", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.fill("vaccination");
    await search.press("Enter");
    await expect(page).toHaveURL("/category/vaccination");
    await expect(page.getByRole("heading", { level: 1, name: 'Search results for "vaccination"' })).toBeVisible();
    const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(names).toContain(PRODUCT_NAME);
    for (const name of names) expect(name.toLowerCase()).toContain("vaccin");
    await expectPageOk(page);

    await search.fill("no such product zzz");
    await search.press("Enter");
    await expect(
      page.getByRole("heading", { level: 1, name: MESSAGES.noProducts("no such product zzz") }),
    ).toBeVisible();
    await expectPageOk(page, "search without results");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the ordering pages fit the screen and pass axe", async ({ page }) => {
      // Five pages, each scanned by axe: about a minute on a loaded two-core machine.
      test.slow();
      await signInAsPractice(page, PRACTICES.happyPaws);
      // Axe, and whole at 375 px: no sideways scroll, no text cut off, row actions on screen.
      const fits = () => expectPageOk(page);
      await openProduct(page);
      await fits();
      const { min } = await quantityLimits(page);
      await page.getByLabel("Quantity (packs)").fill(String(min));
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Preview Order" })).toBeVisible();
      await fits();
      // Nothing of the line is cut off: the remove icon is wholly on screen.
      await expect(page.getByRole("button", { name: `Remove ${PRODUCT_NAME}` })).toBeInViewport({ ratio: 1 });
      await page.getByRole("link", { name: "Check Out" }).click();
      await expect(page.getByRole("button", { name: "Place Order" })).toBeVisible();
      await fits();
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your Order Has Been Submitted" })).toBeVisible();
      await fits();
      await page.goto("/orders");
      await expect(
        page
          .getByRole("table", { name: /My Orders/ })
          .getByRole("link")
          .first(),
      ).toBeVisible();
      await fits();
    });
  });
});

/** How many orders My Orders counts, read through the API with the page's session. */
async function orderCount(page: Page): Promise<number> {
  const token = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "{}").idToken as string,
    STORAGE_KEYS.session,
  );
  const response = await page.request.post("/api/order/list", {
    headers: { Authorization: `Bearer ${token}` },
    data: { limit: 1, offset: 0 },
  });
  return (await response.json()).found_rows as number;
}
