import { MESSAGES } from "@vetportal/contract";
import { apiAsPage } from "./support/admin-helpers.ts";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

/**
 * Issue 22 §4–§6 (decision 037): a lost connection is said, focus follows the user, and forms
 * speak plainly. Practice journeys run at a phone's size and at desktop size.
 */
const CATEGORY_NAME = "New Client Kits";
const PRODUCT_NAME = "Kitten Vaccination Schedule";

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
] as const;

for (const size of SIZES) {
  test.describe(`a practice on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("focus moves to each new page's heading, and to the first field a failed submit names", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.goto("/");
      await page
        .getByRole("link", { name: new RegExp(CATEGORY_NAME) })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: CATEGORY_NAME })).toBeFocused();
      await page
        .getByRole("link", { name: new RegExp(PRODUCT_NAME) })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: PRODUCT_NAME })).toBeFocused();

      // An empty quantity: the field, not the button, has focus.
      const quantity = page.getByLabel("Quantity (packs)");
      await quantity.fill("");
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await expect(quantity).toBeFocused();
      await quantity.fill("5");
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Preview Order" })).toBeFocused();

      await page.getByRole("link", { name: "Check Out" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeFocused();
      await page.getByLabel("Contact Name").fill("");
      await page.getByLabel("Contact Phone").fill("");
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByLabel("Contact Name")).toBeFocused();
      await expect(page.getByLabel("Contact Name")).toBeInViewport();
      await expect(page.getByText(MESSAGES.phoneRequired)).toBeVisible();
      // The empty phone field's example number stays grey beside its red message.
      const placeholder = await page
        .getByLabel("Contact Phone")
        .evaluate((input) => getComputedStyle(input, "::placeholder").color);
      const error = await page.getByText(MESSAGES.phoneRequired).evaluate((el) => getComputedStyle(el).color);
      expect(placeholder).not.toBe(error);
    });

    test.describe("offline", () => {
      // Offline, the browser logs each request it could not send, and the chunks it could not preload.
      test.use({ allowedConsoleErrors: /ERR_INTERNET_DISCONNECTED|Unable to preload CSS/ });
      test("an order placed offline is said at once, can be stopped, and is placed once when the connection returns", async ({
        page,
        context,
      }) => {
        test.slow();
        const orderCalls: string[] = [];
        page.on("request", (request) => {
          if (new URL(request.url()).pathname === "/api/order/add")
            orderCalls.push(request.headers()["idempotency-key"] ?? "");
        });
        await signInAsPractice(page, PRACTICES.happyPaws);
        await page.goto("/");
        await page
          .getByRole("link", { name: new RegExp(CATEGORY_NAME) })
          .first()
          .click();
        await page
          .getByRole("link", { name: new RegExp(PRODUCT_NAME) })
          .first()
          .click();
        await page.getByLabel("Quantity (packs)").fill("5");
        await page.getByRole("button", { name: "Add To Cart" }).click();
        await page.getByRole("link", { name: "Check Out" }).click();
        const placeOrder = page.getByRole("button", { name: "Place Order" });
        await expect(placeOrder).toBeEnabled();
        const method = page.getByLabel("Delivery Method");
        if ((await method.inputValue()) === "") await method.selectOption({ index: 1 });

        // Offline: said at once, and Stop sends nothing.
        await context.setOffline(true);
        await placeOrder.click();
        const notice = page.getByRole("alert").filter({ hasText: "The connection is lost" });
        await expect(notice).toContainText("Your order will be placed when it returns.");
        await notice.getByRole("button", { name: "Stop" }).click();
        await expect(notice).toBeHidden();
        await expect(page.getByText("Stopped: nothing was sent.")).toBeVisible();
        await expect(placeOrder).toBeEnabled();
        expect(orderCalls).toEqual([]);

        // Again, and this time the connection returns: the order is placed, once.
        await placeOrder.click();
        await expect(notice).toBeVisible();
        await context.setOffline(false);
        await expect(page).toHaveURL(/\/order\/\d+\/1$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
        await expect(notice).toBeHidden();
        expect(orderCalls).toHaveLength(1);
      });
    });

    test.describe("with the expected refusal in the console", () => {
      // The wrong address is answered 401, which the browser logs.
      test.use({ allowedConsoleErrors: /status of 401/ });
      test("sign-up's Next moves focus to the first address field; a wrong address names the fields", async ({
        page,
      }) => {
        await page.goto("/UserRegistration");
        await page.getByRole("button", { name: "Next" }).click();
        await expect(page.getByLabel("Practice Name")).toBeFocused();
        await page.getByLabel("Practice Name").fill("Focus Test Clinic");
        await page.getByLabel("Contact Name").fill("Ada Focus");
        await page.getByLabel("Email").fill("ada@focus.example");
        await page.getByLabel("Phone").fill("5035550100");
        await page.getByRole("button", { name: "Next" }).click();
        await expect(page.getByLabel("Address")).toBeFocused();

        await page.goto("/login");
        await page.getByLabel("Practice Name").fill(PRACTICES.happyPaws.name);
        await page.getByLabel("Address").fill("1 Wrong Street");
        await page.getByLabel("Zip Code").fill(PRACTICES.happyPaws.zip);
        await page.getByRole("button", { name: "Sign In" }).click();
        await expect(page.getByText("Practice name, address or zip code not recognised")).toBeVisible();
      });
    });

    test("My Orders offers the statuses a practice sees; the address form offers the country the portal ships to", async ({
      page,
    }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.goto("/orders");
      await expect(page.getByRole("combobox", { name: "Status" }).locator("option")).toHaveText([
        "All statuses",
        "Active",
        "Shipped",
        "On Hold",
        "Back Ordered",
        "Cancelled",
        "Destroyed",
      ]);
      await page.goto("/Users/Account");
      await page.getByRole("tab", { name: "Addresses" }).click();
      const country = page.getByRole("form", { name: "Add an address" }).getByLabel("Country");
      await expect(country.locator("option")).toHaveText(["United States"]);
    });
  });
}

test.describe("staff forms", () => {
  test("Add Product names what is missing and refuses overlapping ranges, with focus on the first", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/product");
    await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
    await page.getByLabel("UOM (pack size)").fill("");
    await page.getByLabel("Minimum order (packs)").fill("10");
    await page.getByLabel("Maximum order (packs)").fill("5");
    await page.getByLabel("Range 1 price per pack in dollars").fill("12.5");
    await page.getByRole("button", { name: "Add price range" }).click();
    await page.getByLabel("Range 1 max quantity").fill("9");
    await page.getByLabel("Range 2 min quantity").fill("5");
    await page.getByLabel("Range 2 price per pack in dollars").fill("11");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText(MESSAGES.productNameRequired)).toBeVisible();
    await expect(page.getByText("Enter the pack size")).toBeVisible();
    await expect(page.getByText("Maximum must be at least the minimum")).toBeVisible();
    await expect(page.getByText("Range 2 starts at 5 but range 1 goes up to 9")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();

    // A typed minus sign stays, and is answered.
    await page.getByLabel("UOM (pack size)").fill("-5");
    await expect(page.getByLabel("UOM (pack size)")).toHaveValue("-5");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Pack size (UOM) must be at least 1")).toBeVisible();
  });

  test("the desk's Order # filter says when its value is not a number; the outbox lists queued mail", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/orders");
    const filter = page.getByRole("form", { name: "Filter orders" });
    await filter.getByRole("textbox", { name: "Order #" }).fill("12a");
    await filter.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Enter an order number: digits only, like 1042")).toBeVisible();
    await expect(filter.getByRole("textbox", { name: "Order #" })).toBeFocused();

    // Something queued: a Customer Service request emails the support team.
    const request = await apiAsPage(page, "/api/support/add", {
      full_name: "Outbox Check",
      email: "outbox@clinic.example",
      phone: "503-555-0100",
      support_category: "My Account",
      description: "Checking the outbox page.",
    });
    expect(request.ok(), await request.text()).toBe(true);
    await page.goto("/admin/mail");
    await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
  });

  test("a product not kept in inventory offers no Replenish; an adjustment below zero asks first", async ({ page }) => {
    await signInAsAdmin(page);
    const product = (name: string, is_in_inventory: boolean) => ({
      no_order_below_zero_inventory: false,
      name,
      product_category_id: 2100,
      package_quantity: 50,
      min_quantity: 1,
      max_quantity: 20,
      price_ranges: [{ min_quantity: 1, max_quantity: null, price_cents: 1000 }],
      is_in_inventory,
    });
    const untracked = await apiAsPage(page, "/api/product/add", product(`Untracked ${Date.now()}`, false));
    expect(untracked.ok(), await untracked.text()).toBe(true);
    await page.goto(`/Product/ProductDetail/${(await untracked.json()).data.id}`);
    await expect(page.getByText(/not kept in inventory, so there is no stock to replenish/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Replenish" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Adjust" })).toHaveCount(0);

    const tracked = await apiAsPage(page, "/api/product/add", product(`Tracked ${Date.now()}`, true));
    const id = (await tracked.json()).data.id as number;
    expect((await apiAsPage(page, "/api/inventory/replenish", { product_id: id, quantity: 173 })).ok()).toBe(true);
    await page.goto(`/Product/ProductDetail/${id}`);
    const replenish = page.getByRole("form", { name: "Replenish" });
    await expect(replenish).toContainText("Replenish only adds stock received.");
    const balance = page.getByTestId("inventory-balance");
    await expect(balance).toHaveText("173");
    const adjust = page.getByRole("form", { name: "Adjust" });
    await adjust.getByLabel("Adjustment").fill("-5000");
    await adjust.getByLabel("Reason").fill("Count");
    await adjust.getByRole("button", { name: "Adjust" }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(dialog).toContainText("This takes the stock from 173 to -4,827. Continue?");
    await dialog.getByRole("button", { name: "Don't adjust" }).click();
    await expect(dialog).toBeHidden();
    await expect(balance).toHaveText("173");
    await adjust.getByRole("button", { name: "Adjust" }).click();
    await page
      .getByRole("dialog", { name: MESSAGES.confirmTitle })
      .getByRole("button", { name: "Adjust stock" })
      .click();
    await expect(balance).toHaveText("-4,827");
  });
});
