import { cartLink, expect, openMainLink, PRACTICES, signInAsPractice, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

test.describe("reordering", () => {
  // Every page shown passes axe and is whole, at desktop size and at 390×844 (issue 22 §3).
  test.use({ checkEveryPage: true });

  test("a shipped order's Reorder puts its products into the cart", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await openMainLink(page, "Orders");
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    await expectPageOk(page, "my orders", { once: true });

    // The demo practice has many shipped orders. Take the oldest on this page: a seeded one, which the
    // journeys running beside this one (the order desk ships orders too) never touch. The list draws
    // its rows a few a frame (lib/in-batches.ts) and is aria-busy until the whole page is drawn.
    await expect(page.getByRole("link", { name: /^Order #\d+$/ }).first()).toBeVisible();
    await expect(page.locator("table[aria-busy]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Order #\d+$/ })).toHaveCount(25);
    const shipped = page.getByRole("row").filter({ hasText: "Shipped" }).last();
    const link = shipped.getByRole("link", { name: /^Order #\d+$/ });
    const orderId = Number(/\d+/.exec((await link.textContent()) ?? "")?.[0]);
    await link.click();
    await expect(page).toHaveURL(`/order/${orderId}/2`);
    await expect(page.getByRole("heading", { level: 1, name: "Your Order Details" })).toBeVisible();
    await expect(page.getByText("Shipped", { exact: true }).first()).toBeVisible();
    // Shipped orders can be reordered, not cancelled.
    await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    await expectPageOk(page);

    // Its lines that were not cancelled (cancelled ones are marked data-cancelled): each one's name,
    // without the words under it (shipped, made for you).
    const names = (
      await page
        .getByRole("table", { name: `Products in order #${orderId}` })
        .locator("tbody tr:not([data-cancelled]) td:first-child > span:first-child")
        .allTextContents()
    ).map((name) => name.trim());
    expect(names.length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Reorder" }).click();
    await expect(page).toHaveURL("/cart/preview");
    await expect(page.getByRole("heading", { level: 1, name: "Preview Order" })).toBeVisible();

    // Every line is in the cart, or the notice above it says why not.
    const notice = page.getByRole("alert").filter({ hasText: `Reorder of order #${orderId}` });
    const inCart = page.getByRole("table", { name: "Products in your cart" });
    let added = 0;
    for (const name of names) {
      const row = inCart.getByRole("row", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
      if ((await row.count()) > 0) {
        added += 1;
        await expect(row.getByRole("textbox", { name: `Quantity of ${name}` })).toHaveValue(/^[1-9]\d*$/);
      } else {
        await expect(notice).toContainText(`${name} was not added`);
      }
    }
    expect(added).toBeGreaterThan(0);
    await expect(cartLink(page)).toContainText(String(added));
    await expectPageOk(page);
  });
});
