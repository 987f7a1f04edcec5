import type { Page } from "@playwright/test";
import { apiAsPage } from "./support/admin-helpers.ts";
import { expect, type Practice, signInAsPractice, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/*
 * The allowance shown live (issue 23 §1): the header chip "Client education: 14 of 40 packs left
 * this quarter", the same figure in the cart's summary (before and after this order) and on
 * /allowance with its ledger — at desktop size and on a phone, with axe. Each size signs in as a
 * demo practice no other journey orders for, and reads its figure from the API, so the order the
 * specs run in does not matter. A practice sees no "Approvals" in its navigation.
 */

const GOLDEN_GATE: Practice = {
  name: "Golden Gate Veterinary Hospital",
  address: "3301 Geary Boulevard",
  zip: "94118",
};
const ROSE_CITY: Practice = { name: "Rose City Pet Clinic", address: "1005 Burnside Street", zip: "97209" };

/** The practice's first programme as the API gives it (the demo's "Client education"). */
async function balanceOf(page: Page) {
  const res = await apiAsPage(page, "/api/allowance/query", {});
  expect(res.ok()).toBe(true);
  const { balances, ledger } = (await res.json()).data as {
    balances: { name: string; left: number; allotted: number; used: number }[];
    ledger: { kind: string; order_id: number | null }[];
  };
  const first = balances[0];
  if (!first) throw new Error("the demo practice has no programme");
  return { ...first, ledger };
}

/** A product of New Client Kits (the programme's scope) the practice may order `quantity` of, typed in a box. */
async function kitToOrder(page: Page): Promise<{ id: number; min: number }> {
  const rows = (await (await apiAsPage(page, "/api/product/list", { product_category_id: 2100 })).json()).data as {
    id: number;
    is_in_inventory: boolean;
    actual_inventory: number;
  }[];
  for (const row of rows) {
    if (row.is_in_inventory && row.actual_inventory < 20) continue;
    const detail = (await (await apiAsPage(page, "/api/product/query", { id: row.id })).json()).data as {
      min_quantity: number;
      use_quantities_dropdown: boolean;
    };
    if (!detail.use_quantities_dropdown) return { id: row.id, min: detail.min_quantity };
  }
  throw new Error("no New Client Kit to order by typing a quantity");
}

/** A practice decides no approvals: its Main navigation (in the header, or the menu drawer on a phone) has none. */
async function expectNoApprovalsLink(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const onPhone = !(await nav.isVisible());
  if (onPhone) await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Approvals/ })).toHaveCount(0);
  if (!onPhone) return;
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
}

async function journey(page: Page, practice: Practice) {
  await signInAsPractice(page, practice);
  const b = await balanceOf(page);
  const figure = (left: number) => `${left} of ${b.allotted} packs left`;
  // The chip and /allowance: below zero (the run lets overage through) "57 packs over this quarter".
  const period = (left: number) =>
    left < 0 ? `${-left} ${left === -1 ? "pack" : "packs"} over this quarter` : `${figure(left)} this quarter`;
  // The programme is in use: the seed's orders of this quarter are in the ledger.
  expect(b.used).toBeGreaterThan(0);
  expect(b.ledger.filter((e) => e.kind === "order" && e.order_id !== null).length).toBeGreaterThan(0);
  const chip = page.getByTestId("allowance-chip");
  await expect(chip).toHaveText(`${b.name}: ${period(b.left)}`);

  await expectNoApprovalsLink(page);

  // The cart's summary: the same figure before this order, and what is left after it.
  const kit = await kitToOrder(page);
  await page.goto(`/product/${kit.id}?category=2100`);
  await expectPageOk(page, "product", { once: true });
  await page.getByLabel("Quantity (packs)").fill(String(kit.min));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL("/cart/preview");
  await expect(page.getByTestId("allowance-outcomes")).toContainText(
    `${b.name}: before this order ${figure(b.left)}; after it ${figure(b.left - kit.min)}.`,
  );
  await expectPageOk(page, "cart with the allowance");
  // A cart is not an order: the chip still shows the balance.
  await expect(chip).toHaveText(`${b.name}: ${period(b.left)}`);

  // /allowance: the same figure, and the ledger that makes it.
  await chip.click();
  await expect(page).toHaveURL("/allowance");
  const heading = page.getByRole("heading", { level: 1, name: "Allowance" });
  await expect(heading).toBeFocused();
  await expect(page.getByRole("table", { name: "Your programmes" })).toContainText(period(b.left));
  const ledger = page.getByRole("table", { name: "Allowance ledger" });
  await expect(ledger.getByRole("link", { name: /^Order #\d+$/ }).first()).toBeVisible();
  await expect(ledger).toContainText("Allotment");
  await expectPageOk(page, "allowance");
}

test.describe("the allowance chip", () => {
  test("the header chip, the cart's summary and /allowance show one figure, at desktop size", async ({ page }) => {
    await journey(page, GOLDEN_GATE);
  });

  test("the header chip, the cart's summary and /allowance show one figure, on a phone (390×844)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await journey(page, ROSE_CITY);
  });
});
