import { readFile } from "node:fs/promises";
import { CART_STORAGE_KEY, MESSAGES } from "@vetportal/contract";
import { apiAsPage, expectAccessiblePage, expectFitsViewport, pickOption, toast } from "./support/admin-helpers.ts";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

/** Puppy Starter Kit Folder, in New Client Kits (2100), which Happy Paws (CA) sees. */
const PRODUCT_ID = 144048;

test.describe("admin products", () => {
  test("an administrator changes min/max and stock, and the practice sees the new limits", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/Product/ProductReport");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessiblePage(page);

    await pickOption(page, "Category", "New Client Kits");
    await expect(page).toHaveURL(/category=2100/);
    await page.getByRole("link", { name: "Puppy Starter Kit Folder" }).click();
    await expect(page).toHaveURL(`/Product/ProductDetail/${PRODUCT_ID}`);
    await expect(page.getByRole("heading", { level: 1, name: "Puppy Starter Kit Folder" })).toBeVisible();
    await expectAccessiblePage(page);

    // Ordering limits, and stock kept in inventory so it can be replenished.
    await page.getByLabel("Minimum order (packs)").fill("3");
    await page.getByLabel("Maximum order (packs)").fill("2");
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page.getByText("Maximum must be at least the minimum")).toBeVisible();
    await page.getByLabel("Maximum order (packs)").fill("42");
    await page.getByRole("switch", { name: "In inventory" }).check();
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(toast(page, MESSAGES.productUpdated)).toBeVisible();

    const balance = page.getByTestId("inventory-balance");
    const before = Number((await balance.textContent())?.replace(/,/g, ""));
    const replenish = page.getByRole("form", { name: "Replenish" });
    await replenish.getByLabel("Quantity received").fill("25");
    await replenish.getByLabel("Pallets").fill("1");
    await replenish.getByLabel("Comment").fill("E2E delivery");
    await replenish.getByRole("button", { name: "Replenish" }).click();
    await expect(balance).toHaveText((before + 25).toLocaleString("en-US"));
    const history = page.getByRole("table", { name: "Inventory history" });
    await expect(history.getByRole("row").nth(1)).toContainText("replenish");
    await expect(history.getByRole("row").nth(1)).toContainText("+25");
    await expect(history.getByRole("row").nth(1)).toContainText("E2E delivery");

    // An adjustment needs a reason.
    const adjust = page.getByRole("form", { name: "Adjust" });
    await adjust.getByLabel("Adjustment").fill("-5");
    await adjust.getByRole("button", { name: "Adjust" }).click();
    await expect(adjust.getByText("A reason is required")).toBeVisible();
    await adjust.getByLabel("Reason").fill("Damaged in the warehouse");
    await adjust.getByRole("button", { name: "Adjust" }).click();
    await expect(balance).toHaveText((before + 20).toLocaleString("en-US"));
    await expect(history.getByRole("row").nth(1)).toContainText("-5");

    // The practice sees the new limits.
    await page.getByRole("button", { name: "Logout" }).click();
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto(`/product/${PRODUCT_ID}`);
    await expect(page.getByText(/\* Minimum Order 3 Packs of/)).toBeVisible();
    await expect(page.getByText(/\* Maximum Order 42 Packs of/)).toBeVisible();
  });

  test("Export downloads the listed products as CSV with ID, Name and SKU", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/Product/ProductReport?category=2100");
    await expect(page.getByRole("table")).toBeVisible();
    const count = page.getByText(/^Showing \d+–\d+ of \d+ products/);
    const total = Number(/of (\d+) products/.exec((await count.textContent()) ?? "")?.[1]);
    expect(total).toBeGreaterThan(0);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products.*\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("ID,Name,SKU");
    expect(lines.length - 1).toBe(total);

    // The whole catalogue too: one line per product the report counts.
    await page.goto("/Product/ProductReport");
    await expect(page.getByRole("table")).toBeVisible();
    const all = Number(/of (\d+) products/.exec((await count.textContent()) ?? "")?.[1]);
    const wholeDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).click();
    const whole = await readFile(await (await wholeDownload).path(), "utf8");
    expect(whole.trim().split(/\r?\n/).length - 1).toBe(all);
  });

  test("a new product is added, then opens on its page", async ({ page }) => {
    const name = `E2E Poster ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto("/admin/product");
    await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
    await expectAccessiblePage(page);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText(MESSAGES.productNameRequired)).toBeVisible();

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("SKU").fill("E2E-1");
    await page.getByLabel("Range 1 price per pack in dollars").fill("12.5");
    await page.getByRole("button", { name: "Add price range" }).click();
    await page.getByLabel("Range 1 max quantity").fill("9");
    await page.getByLabel("Range 2 min quantity").fill("10");
    await page.getByLabel("Range 2 price per pack in dollars").fill("11");
    await page.getByLabel("Pick fee").fill("0.35");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(page, MESSAGES.productAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/Product\/ProductDetail\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    const id = Number(page.url().split("/").at(-1));
    const stored = await apiAsPage(page, "/api/product/query", { id });
    const product = (
      (await stored.json()) as {
        data: {
          price_ranges: { min_quantity: number; max_quantity: number | null; price_cents: number }[];
          pick_fees: number;
        };
      }
    ).data;
    expect(product.price_ranges).toEqual([
      { min_quantity: 1, max_quantity: 9, price_cents: 1250 },
      { min_quantity: 10, max_quantity: null, price_cents: 1100 },
    ]);
    expect(product.pick_fees).toBe(35);
  });

  test("Destroy puts the whole stock of an obsolete product into the cart", async ({ page }) => {
    await signInAsAdmin(page);
    const listed = await apiAsPage(page, "/api/product/list", { quickbooks_type_id: 5, limit: 50 });
    const candidates = ((await listed.json()) as { data: { id: number; is_in_inventory: boolean; name: string }[] })
      .data;
    // The demo data has obsolete (type 5) products in stock.
    const product = candidates.find((p) => p.is_in_inventory);
    if (!product) throw new Error("the demo data has no in-inventory product of type 5");

    await page.goto(`/Product/ProductDetail/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Destroy" }).click();
    await page.getByRole("button", { name: "Destroy stock", exact: true }).click();
    await expect(page).toHaveURL("/cart/preview");
    const cart = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]"), CART_STORAGE_KEY);
    expect(cart).toEqual([expect.objectContaining({ id: product.id, is_destroy: true, price: 0 })]);

    // A normal product next to the destroy line: Check Out opens the error dialog and goes nowhere.
    await page.goto("/product/144048");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page).toHaveURL("/cart/preview");
    await page.getByRole("link", { name: "Check Out" }).click();
    await expect(page.getByRole("dialog")).toContainText(MESSAGES.destroyOnlyCart);
    await expect(page).toHaveURL("/cart/preview");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the product report and detail are accessible", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/Product/ProductReport");
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessiblePage(page);
      await expectFitsViewport(page);
      await page.goto(`/Product/ProductDetail/${PRODUCT_ID}`);
      await expect(page.getByRole("form", { name: "Product" })).toBeVisible();
      await expectAccessiblePage(page);
      await expectFitsViewport(page);
    });
  });
});
