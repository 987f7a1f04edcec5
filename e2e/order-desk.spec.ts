import type { Browser, Page } from "@playwright/test";
import { MESSAGES, PORTAL_TIME_ZONE } from "@vetportal/contract";
import { apiAsPage, expectAccessiblePage, expectFitsViewport, toast } from "./support/admin-helpers.ts";
import { seriousViolations } from "./support/axe.ts";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

/**
 * The order desk (issue 11): an administrator ships one order from the desk, with two packages,
 * and another from a carrier CSV; the practice sees the tracking links on My Orders and on the
 * order, and reorders.
 */

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: PORTAL_TIME_ZONE });

/** The practice places an order of the first product it may order, through the API with its session. */
async function placeOrderAsPractice(page: Page): Promise<number> {
  const list = await apiAsPage(page, "/api/product/list", { product_category_id: 2100 });
  const products = (await list.json()).data as {
    id: number;
    is_in_inventory: boolean;
    actual_inventory: number;
  }[];
  const product = products.find((p) => !p.is_in_inventory || p.actual_inventory > 20);
  if (!product) throw new Error("no orderable product in category 2100");
  const detail = (await (await apiAsPage(page, "/api/product/query", { id: product.id })).json()).data as {
    min_quantity: number;
  };
  const placed = await apiAsPage(page, "/api/order/add", {
    contact_name: "Maria Lopez",
    contact_phone: "415-555-0101",
    email: "maria@happypaws.test",
    delivery_method_id: 1,
    items: [{ id: product.id, quantity: detail.min_quantity }],
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return (await placed.json()).data as number;
}

/** A second browser, signed in as the administrator. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

test.describe("the order desk", () => {
  // Two people signed in, each journey several pages long with accessibility checks.
  test.describe.configure({ timeout: 180_000 });

  test("an administrator ships an order from the desk; the practice follows the tracking link and reorders", async ({
    page,
    browser,
  }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const orderId = await placeOrderAsPractice(page);

    const admin = await adminPage(browser);
    await admin.getByRole("button", { name: "Reports" }).click();
    await admin.getByRole("menuitem", { name: "Order Desk" }).click();
    await expect(admin).toHaveURL("/admin/orders");
    await expect(admin.getByRole("heading", { level: 1, name: "Order Desk" })).toBeVisible();
    // Status chips with their counts (radio buttons whose labels show).
    await expect(admin.getByRole("radio", { name: /^Active · \d/ })).toBeAttached();
    await expect(admin.getByText(/^Shipped · \d/)).toBeVisible();
    await expectAccessiblePage(admin);

    // Find it by number; the filter goes into the address.
    await admin
      .getByRole("form", { name: "Filter orders" })
      .getByRole("textbox", { name: "Order #" })
      .fill(String(orderId));
    await admin.getByRole("form", { name: "Filter orders" }).getByRole("button", { name: "Search" }).click();
    await expect(admin).toHaveURL(new RegExp(`order=${orderId}`));
    await admin.getByRole("link", { name: String(orderId), exact: true }).click();
    await expect(admin).toHaveURL(`/admin/orders/${orderId}`);
    await expect(admin.getByRole("heading", { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expectAccessiblePage(admin);

    // Two packages, two carriers.
    await expect(admin.getByRole("tab", { name: "Ship" })).toHaveAttribute("aria-selected", "true");
    // Shown MM/DD/YYYY.
    await expect(admin.getByLabel("Date shipped")).toHaveValue(
      today().replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1"),
    );
    await admin.getByRole("textbox", { name: "Tracking number" }).fill("1Z999AA10123456784");
    await admin.getByRole("button", { name: "Add a package" }).click();
    const second = admin.getByRole("group", { name: "Package 2" });
    await second.getByRole("combobox", { name: "Carrier" }).selectOption("FEDEX");
    await second.getByRole("textbox", { name: "Tracking number" }).fill("612345678901");
    await admin.getByRole("button", { name: "Mark as shipped" }).click();
    await expect(toast(admin, `Order #${orderId} is shipped.`)).toBeVisible();
    await expect(admin.getByText("Shipped", { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole("link", { name: /UPS 1Z999AA10123456784/ })).toHaveAttribute("href", /ups\.com/);
    await expect(admin.getByRole("link", { name: /FedEx 612345678901/ })).toHaveAttribute("href", /fedex\.com/);
    // A shipped order offers no more actions.
    await expect(admin.getByRole("tab", { name: "Ship" })).toHaveCount(0);
    await admin.context().close();

    // The practice: My Orders shows the total, the status and the tracking links.
    await page.goto("/orders");
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Order #${orderId}` }) });
    await expect(row).toContainText("Shipped");
    await expect(row).toContainText(/\$\d+\.\d{2}/);
    await expect(row.getByRole("link", { name: /UPS 1Z999AA10123456784/ })).toHaveAttribute(
      "href",
      "https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784",
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Filter My Orders by status.
    await page.getByRole("combobox", { name: "Status" }).selectOption("Shipped");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=5/);
    await expect(page.getByRole("link", { name: `Order #${orderId}` })).toBeVisible();

    // The order page: tracking per package, the timeline, then Reorder.
    await row.getByRole("link", { name: `Order #${orderId}` }).click();
    await expect(page).toHaveURL(`/order/${orderId}/2`);
    // Once, in the Shipments panel (not again in the order's facts).
    await expect(page.getByRole("link", { name: /FedEx 612345678901/ })).toHaveAttribute("href", /fedex\.com/);
    const history = page.getByRole("heading", { level: 2, name: "Order History" }).locator("..");
    await expect(history).toContainText("Active");
    await expect(history).toContainText("Shipped");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Reorder" }).click();
    await expect(page).toHaveURL("/cart/preview");
    await expect(page.getByRole("heading", { level: 1, name: "Preview Order" })).toBeVisible();
  });

  test("an administrator ships an order from a carrier CSV after a preview that names the bad rows", async ({
    page,
    browser,
  }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const orderId = await placeOrderAsPractice(page);

    const admin = await adminPage(browser);
    await admin.goto("/admin/orders");
    await admin.getByRole("link", { name: "Upload carrier file" }).click();
    await expect(admin).toHaveURL("/admin/orders/import");
    await expect(admin.getByRole("heading", { level: 1, name: "Upload carrier file" })).toBeVisible();
    const csv = [
      "Order ID,Tracking Number,Carrier,Ship Date",
      `${orderId},9400100000000000000123,USPS,${today()}`,
      `999999999,9400100000000000000124,USPS,${today()}`,
    ].join("\n");
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: "usps-export.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(admin.getByText("1 order ships")).toBeVisible();
    await expect(admin.getByText("1 row refused")).toBeVisible();
    const preview = admin.getByRole("table", { name: /what would happen/ });
    await expect(preview.getByRole("row", { name: /999999999/ })).toContainText("Order #999999999 does not exist.");
    await expectAccessiblePage(admin);

    await admin.getByRole("button", { name: "Ship 1 order" }).click();
    const confirm = admin.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(confirm).toContainText("usps-export.csv");
    await confirm.getByRole("button", { name: "Ship orders" }).click();
    await expect(admin.getByRole("heading", { level: 2, name: "Result" })).toBeVisible();
    await expect(admin.getByText("1 order shipped").first()).toBeVisible();
    await admin.context().close();

    // The practice sees the USPS link on the order.
    await page.goto(`/order/${orderId}/2`);
    await expect(page.getByText("Shipped", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /USPS 9400100000000000000123/ })).toHaveAttribute(
      "href",
      /tools\.usps\.com/,
    );
  });

  test("the desk and its order page fit a phone", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin/orders");
    await expect(admin.getByRole("heading", { level: 1, name: "Order Desk" })).toBeVisible();
    await expect(admin.getByRole("table", { name: "Orders" }).getByRole("link").first()).toBeVisible();
    await expectFitsViewport(admin);
    await admin.getByRole("table", { name: "Orders" }).getByRole("link").first().click();
    await expect(admin.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
    await expectFitsViewport(admin);
    await context.close();
  });
});
