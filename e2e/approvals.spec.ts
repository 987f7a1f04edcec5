import type { Page } from "@playwright/test";
import { apiAsPage } from "./support/admin-helpers.ts";
import {
  ADMIN,
  apiToken,
  BROOKLYN,
  brooklynOrderWaiting,
  expect,
  openMainLink,
  type Practice,
  setProgrammesOverBalance,
  signInAsPractice,
  test,
} from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/*
 * Approvals (issue 23 §2), at desktop size and on a phone, with axe on every page shown:
 * - checkout with approval: a practice whose order goes over its "needs approval" programme sees
 *   before placing that it needs approval and why, places it, and its order reads Pending Approval;
 * - approve and reject: the demo approver follows "Approvals" (with the number waiting) in the
 *   navigation, decides with a note, and the practice's order page shows Active (or Cancelled) and
 *   the note word for word.
 * Each test makes its own order (the flagged Brooklyn practice's every order waits for approval),
 * so the order the tests run in does not matter.
 */

/** The demo approver (README "Demo accounts") and the flagged demo practice. */
const APPROVER = { email: "approver@vetportal.example", password: "VetPortal2026" };
/** Practices no other journey orders for: one per size, so each sees its own balance. */
const OVER_BALANCE: Record<string, Practice> = {
  desktop: { name: "Sacramento Valley Pet Hospital", address: "915 J Street", zip: "95814" },
  phone: { name: "Houston Heights Animal Hospital", address: "1100 Heights Boulevard", zip: "77008" },
};
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function signInAsApprover(page: Page) {
  await page.goto("/login");
  await page.getByRole("switch", { name: "Staff sign-in" }).check();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(APPROVER.email);
  await page.getByLabel(/^Password/).fill(APPROVER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expectPageOk(page, "approver's home", { once: true });
}

/** The approver finds the order through the navigation's "Approvals", and approves or rejects it with a note. */
async function decide(page: Page, orderId: number, choice: "Approve" | "Reject", note: string) {
  await signInAsApprover(page);
  // The approver's way in: "Approvals" in the navigation, with the number waiting.
  await openMainLink(page, "Approvals");
  await expect(page).toHaveURL("/approvals");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeFocused();
  // Other journeys running beside this one place and decide orders too, so the count is any positive number.
  const waiting = (await (await apiAsPage(page, "/api/approvals/waiting", {})).json()).data.waiting as number;
  expect(waiting).toBeGreaterThan(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  if (await nav.isVisible())
    await expect(nav.getByRole("link", { name: /^Approvals\s*[1-9]\d* waiting$/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
  await expectPageOk(page, "approvals queue");

  await page.getByRole("link", { name: `Approve or reject #${orderId}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Approve order #${orderId}` })).toBeVisible();
  await expect(page.getByText("Every order of this practice needs approval").first()).toBeVisible();
  await expectPageOk(page, "approval decision");
  await page.getByRole("textbox", { name: "Note" }).fill(note);
  await page.getByRole("button", { name: choice, exact: true }).click();
  await page.getByRole("button", { name: `${choice} order` }).click();
  await expect(page.getByText("This order has been decided")).toBeVisible();
  await expect(page.getByText(`“${note}”`)).toBeVisible();
}

/** The practice's own order page, after the decision: its status and the note word for word. */
async function practiceReadsDecision(page: Page, orderId: number, note: string) {
  await page.evaluate(() => localStorage.clear());
  await signInAsPractice(page, BROOKLYN);
  await page.goto(`/order/${orderId}/2`);
  await expect(page.getByText(`“${note}”`)).toBeVisible();
  await expectPageOk(page, "order after the decision");
}

/** A New Client Kit the practice may order `quantity` of by typing it (within its min, max and stock). */
async function kitFor(page: Page, quantity: number): Promise<number> {
  const rows = (await (await apiAsPage(page, "/api/product/list", { product_category_id: 2100 })).json()).data as {
    id: number;
    is_in_inventory: boolean;
    actual_inventory: number;
    max_quantity: number;
  }[];
  for (const row of rows) {
    if (row.max_quantity < quantity || (row.is_in_inventory && row.actual_inventory < quantity)) continue;
    const detail = (await (await apiAsPage(page, "/api/product/query", { id: row.id })).json()).data as {
      min_quantity: number;
      use_quantities_dropdown: boolean;
    };
    if (!detail.use_quantities_dropdown && detail.min_quantity <= quantity) return row.id;
  }
  throw new Error(`no New Client Kit to order ${quantity} packs of`);
}

for (const size of SIZES) {
  test.describe(`approvals (${size.name})`, () => {
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => page.setViewportSize(size.viewport));

    test("an order over a needs-approval allowance says so before it is placed, and is placed Pending Approval", async ({
      page,
      request,
    }) => {
      // The run lets the demo programme's overage through (fixtures.ts); this test needs its approval.
      await setProgrammesOverBalance(request, await apiToken(request, { method: "password", ...ADMIN }), "approval");
      const practice = OVER_BALANCE[size.name] as Practice;
      await signInAsPractice(page, practice);
      const balance = (await (await apiAsPage(page, "/api/allowance/query", {})).json()).data.balances[0] as {
        name: string;
        left: number;
      };
      const quantity = Math.max(1, balance.left + 3);
      const over = quantity - Math.max(balance.left, 0);
      await page.goto(`/product/${await kitFor(page, quantity)}?category=2100`);
      await expectPageOk(page, "product", { once: true });
      await page.getByLabel("Quantity (packs)").fill(String(quantity));
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await expect(page).toHaveURL("/cart/preview");

      // Before placing: it will need approval, and why.
      const notice = page.getByRole("alert").filter({ hasText: "This order will need approval" });
      await expect(notice).toContainText(`${balance.name}: ${over} packs over the allowance`);
      await expect(page.getByTestId("allowance-outcomes")).toContainText(
        `${balance.name}: this order is ${over} packs over your balance and needs approval.`,
      );
      await expectPageOk(page, "cart needing approval");
      await page.getByRole("link", { name: "Check Out" }).click();
      await expect(page).toHaveURL("/cart/shipping");
      await expect(notice).toContainText(`${balance.name}: ${over} packs over the allowance`);
      await page.getByLabel("Contact Name").fill("Front Desk");
      await page.getByLabel("Contact Phone").fill("9165550123");
      await page.getByRole("textbox", { name: "Email" }).fill("front@practice.test");
      await expectPageOk(page, "shipping needing approval");
      await page.getByRole("button", { name: "Place Order" }).click();

      await expect(page).toHaveURL(/\/order\/\d+\/1$/);
      await expect(page.getByText("It needs approval before it ships")).toBeVisible();
      await expect(page.getByText("Pending Approval", { exact: true }).first()).toBeVisible();
      await expectPageOk(page, "order placed pending approval");
    });

    test("the approver approves with a note; the practice's order is Active and shows the note", async ({
      page,
      request,
    }) => {
      const orderId = await brooklynOrderWaiting(request);
      const note = `Approved for the autumn campaign (${size.name}).`;
      await decide(page, orderId, "Approve", note);
      await practiceReadsDecision(page, orderId, note);
      await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    });

    test("the approver rejects with a note; the practice reads Cancelled and the note", async ({ page, request }) => {
      const orderId = await brooklynOrderWaiting(request);
      const note = `Over this quarter's budget: please order again in January (${size.name}).`;
      await decide(page, orderId, "Reject", note);
      await practiceReadsDecision(page, orderId, note);
      await expect(page.getByText("This order was cancelled")).toBeVisible();
    });
  });
}
