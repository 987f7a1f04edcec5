import { expectAccessiblePage, expectFitsViewport } from "./support/admin-helpers.ts";
import { expect, signInAsPractice, test } from "./support/fixtures.ts";

/** The demo approver (README "Demo accounts") and the flagged demo practice whose latest order waits. */
const APPROVER = { email: "approver@vetportal.example", password: "VetPortal2026" };
const BROOKLYN = { name: "Brooklyn Heights Pet Clinic", address: "210 Atlantic Avenue", zip: "11201" } as const;

async function signInAsApprover(page: import("@playwright/test").Page) {
  await page.goto("/login");
  await page.getByRole("switch", { name: "Staff sign-in" }).check();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(APPROVER.email);
  await page.getByLabel(/^Password/).fill(APPROVER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Signed in as")).toBeAttached();
}

test.describe("approvals on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an approver rejects the waiting order with a note; the practice reads Cancelled and the note", async ({
    page,
  }) => {
    await signInAsApprover(page);
    await page.goto("/approvals");
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    await expect(page.getByText("Every order of this practice needs approval").first()).toBeVisible();
    await expectAccessiblePage(page);
    await expectFitsViewport(page);
    await page
      .getByRole("link", { name: /Approve or reject #\d+/ })
      .first()
      .click();
    const heading = page.getByRole("heading", { level: 1, name: /Approve order #\d+/ });
    await expect(heading).toBeVisible();
    const orderId = (await heading.textContent())?.match(/#(\d+)/)?.[1];
    await expectAccessiblePage(page);
    await expectFitsViewport(page);
    const note = "Over this quarter's budget: please order again in January.";
    await page.getByRole("textbox", { name: "Note" }).fill(note);
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await page.getByRole("button", { name: "Reject order" }).click();
    await expect(page.getByText("This order has been decided")).toBeVisible();
    await expect(page.getByText(`“${note}”`)).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await signInAsPractice(page, BROOKLYN as never);
    await page.goto(`/order/${orderId}/2`);
    await expect(page.getByText("This order was cancelled")).toBeVisible();
    await expect(page.getByText(`“${note}”`)).toBeVisible();
    await expectAccessiblePage(page);
    await expectFitsViewport(page);
  });
});
