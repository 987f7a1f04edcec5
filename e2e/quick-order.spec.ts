import type { Page } from "@playwright/test";
import { apiAsPage, expectFitsViewport } from "./support/admin-helpers.ts";
import { seriousViolations } from "./support/axe.ts";
import { cartLink, expect, openMainLink, PRACTICES, signInAsPractice, test } from "./support/fixtures.ts";

/*
 * Quick order (issue 23 §3, decision 041): a practice pastes lines of SKU and quantity; the good
 * ones go into the cart at once, a refused one says why and is fixed in place. At desktop and phone
 * size, with axe.
 */

interface Orderable {
  sku: string;
  name: string;
  min: number;
  max: number;
}

/** Two products of category 2100 the practice may order in any quantity up to their maximum. */
async function orderableProducts(page: Page): Promise<[Orderable, Orderable]> {
  const list = await apiAsPage(page, "/api/product/list", { product_category_id: 2100 });
  const rows = (await list.json()).data as {
    id: number;
    customer_sku: string | null;
    is_in_inventory: boolean;
    actual_inventory: number;
    max_quantity: number;
  }[];
  const picked: Orderable[] = [];
  for (const row of rows) {
    if (!row.customer_sku || (row.is_in_inventory && row.actual_inventory < row.max_quantity)) continue;
    const detail = (await (await apiAsPage(page, "/api/product/query", { id: row.id })).json()).data as {
      display_name: string;
      min_quantity: number;
      use_quantities_dropdown: boolean;
    };
    if (detail.use_quantities_dropdown) continue;
    picked.push({ sku: row.customer_sku, name: detail.display_name, min: detail.min_quantity, max: row.max_quantity });
    if (picked.length === 2) return picked as [Orderable, Orderable];
  }
  throw new Error("fewer than two orderable products with a SKU in category 2100");
}

const entry = (page: Page) => page.getByRole("textbox", { name: "SKU and quantity, one product a line" });

async function openQuickOrder(page: Page) {
  await openMainLink(page, "Quick Order");
  await expect(page).toHaveURL("/quick-order");
  const heading = page.getByRole("heading", { level: 1, name: "Quick Order" });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

test.describe("quick order", () => {
  test("pasted lines go into the cart; a refused line is fixed in place and added", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const [a, b] = await orderableProducts(page);
    await openQuickOrder(page);
    expect(await seriousViolations(page)).toEqual([]);

    // As pasted from a spreadsheet: a header row, tabs, a blank line, and a quantity over the maximum.
    await entry(page).fill(`SKU\tQty\n${a.sku}\t${a.min}\n\n${b.sku}\t${b.max + 1}\nNOT-A-SKU\t1`);
    await page.getByRole("button", { name: "Add to cart" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Quick order checked" })).toContainText(
      "1 line added to your cart, 2 lines not added: see why below. The first line was read as column names.",
    );
    await expect(page.getByRole("table", { name: "Lines added to your cart" })).toContainText(a.name);
    await expect(cartLink(page)).toContainText("1");
    const tooMany = page.getByRole("textbox", { name: "Quantity (line 4)" });
    await expect(tooMany).toHaveAccessibleDescription(`Above the maximum of ${b.max} packs.`);
    await expect(page.getByRole("textbox", { name: "SKU (line 5)" })).toHaveAccessibleDescription(
      'No product with SKU "NOT-A-SKU" in your catalogue.',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await tooMany.fill(String(b.min));
    await page.getByRole("button", { name: "Remove line 5" }).click();
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByRole("table", { name: "Lines added to your cart" })).toContainText(b.name);
    await expect(page.getByRole("table", { name: "Lines not added" })).toHaveCount(0);
    await expect(cartLink(page)).toContainText("2");

    await page.getByRole("link", { name: "View cart (2 products)" }).click();
    const cart = page.getByRole("table", { name: "Products in your cart" });
    await expect(cart.getByRole("textbox", { name: `Quantity of ${a.name}` })).toHaveValue(String(a.min));
    await expect(cart.getByRole("textbox", { name: `Quantity of ${b.name}` })).toHaveValue(String(b.min));
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the page is whole at 390 px, its lines stacked as cards", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      const [a, b] = await orderableProducts(page);
      await openQuickOrder(page);
      await expectFitsViewport(page);
      expect(await seriousViolations(page)).toEqual([]);

      await entry(page).fill(`${a.sku}, ${a.min}\n${b.sku}; ${b.max + 1}`);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByRole("table", { name: "Lines added to your cart" })).toContainText(a.name);
      await expect(page.getByRole("textbox", { name: "Quantity (line 2)" })).toBeVisible();
      await expectFitsViewport(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/quick-order-390.png`, fullPage: true });
    });
  });
});
