import { MESSAGES } from "@vetportal/contract";
import {
  apiAsPage,
  expectAccessiblePage,
  expectFitsViewport,
  pickOption,
  seriousViolations,
  toast,
} from "./support/admin-helpers.ts";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

/** The count line under the table: "Showing 1–10 of 57 users · Page 1 of 6". */
function pagerText(first: number, last: number, total: number, page: number, pages: number) {
  return `Showing ${first}–${last} of ${total} users · Page ${page} of ${pages}`;
}

test.describe("admin users", () => {
  test.describe("the whole journey", () => {
    // The undeliverable address is a 422, which the browser logs.
    test.use({ allowedConsoleErrors: /status of 422/ });

    test("an administrator adds a practice, finds it, modifies it and inactivates it", async ({ page }) => {
      const filters = page.getByRole("form", { name: "Filter users" });
      const practice = `E2E Paws ${Date.now()}`;
      await signInAsAdmin(page);

      await page.getByRole("button", { name: "Reports" }).click();
      await page.getByRole("menuitem", { name: "Users" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessiblePage(page);

      // Add User: an undeliverable address is refused with the message under the zip code.
      await page.getByRole("link", { name: "Add User" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Add User" })).toBeVisible();
      await page.getByRole("button", { name: "Add User" }).click();
      await expect(page.getByText(MESSAGES.practiceNameRequired)).toBeVisible();
      await expect(page.getByText(MESSAGES.zipRequired)).toBeVisible();

      await page.getByLabel("Practice Name").fill(practice);
      await page.getByLabel("Contact").fill("Ada Fields");
      await page.getByRole("textbox", { name: "Email" }).fill(`e2e.${Date.now()}@vetportal.example`);
      await page.getByLabel("Phone").fill("5551234567");
      await expect(page.getByLabel("Phone")).toHaveValue("555-123-4567");
      await page.getByLabel("Address").fill("500 Howard Street");
      await page.getByLabel("City").fill("San Francisco");
      await page.getByLabel("State").selectOption("CA");
      await page.getByLabel("Zip Code").fill("10001");
      await page.getByLabel("Level").selectOption({ label: "Manager" });
      await page.getByRole("switch", { name: /Approver/ }).check();
      await expectAccessiblePage(page);

      await page.getByRole("button", { name: "Add User" }).click();
      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.practiceSaveFailed })).toBeVisible();
      await expect(page.getByText(MESSAGES.addressNotDeliverable).first()).toBeVisible();
      await expect(page.getByLabel("Zip Code")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Practice Name")).toHaveValue(practice);

      await page.getByLabel("Zip Code").fill("94105");
      await page.getByRole("button", { name: "Add User" }).click();
      await expect(page).toHaveURL("/userreport");

      // Newest first: the new practice heads page 1, and the pager shows the real total and page count.
      const listed = await apiAsPage(page, "/api/user/list", { is_active: 1, limit: 1, offset: 0 });
      const total = ((await listed.json()) as { found_rows: number }).found_rows;
      expect(total).toBeGreaterThan(10);
      const table = page.getByRole("table");
      await expect(table.getByRole("row").nth(1)).toContainText(practice);
      await expect(page.getByText(pagerText(1, 10, total, 1, Math.ceil(total / 10)))).toBeVisible();

      await page.getByRole("button", { name: "Page 2", exact: true }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(pagerText(11, Math.min(20, total), total, 2, Math.ceil(total / 10)))).toBeVisible();
      await expect(table).not.toContainText(practice);

      await page.getByLabel("Rows per page").selectOption("30");
      await expect(page.getByText(pagerText(1, Math.min(30, total), total, 1, Math.ceil(total / 30)))).toBeVisible();

      // Find it by the practice filter.
      await pickOption(page, "Practice", practice);
      await filters.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText(pagerText(1, 1, 1, 1, 1))).toBeVisible();
      await expect(table.getByRole("row")).toHaveCount(2);
      const row = table.getByRole("row").filter({ hasText: practice });
      await expect(row).toContainText("Manager");
      await expect(row).toContainText("Approver");

      // Modify: back to the same filtered list afterwards.
      await row.getByRole("link", { name: `Modify ${practice}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Modify User" })).toBeVisible();
      await expect(page.getByLabel("Practice Name")).toHaveValue(practice);
      await expect(page.getByLabel("Zip Code")).toHaveValue("94105");
      await expectAccessiblePage(page);
      await page.getByLabel("Address").fill("1 Broadway");
      await page.getByLabel("City").fill("Oakland");
      await page.getByLabel("Zip Code").fill("94607");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/userreport\?.*practice=/);
      await expect(row).toContainText("Oakland, CA");

      // Inactivate, after the confirmation; the active list no longer has it, the inactive one does.
      await row.getByRole("button", { name: `Inactivate ${practice}` }).click();
      const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
      await expect(dialog.getByRole("button", { name: "Keep active" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Inactivate user", exact: true }).click();
      await expect(toast(page, MESSAGES.userInactivated)).toBeVisible();
      await expect(page.getByText("No users match these filters.")).toBeVisible();

      await page.getByLabel("Status").selectOption("inactive");
      await filters.getByRole("button", { name: "Search" }).click();
      await expect(table.getByRole("row").filter({ hasText: practice })).toContainText("Inactive");

      // The inactive practice can no longer sign in.
      const signIn = await page.request.post("/api/auth", {
        form: { method: "address", address_name: practice, line1: "1 Broadway", zip_code: "94607" },
      });
      expect(signIn.ok()).toBe(false);
    });
  });

  test("delete asks first, and No keeps the user", async ({ page }) => {
    await signInAsAdmin(page);
    // A practice of this test's own (newest first, it heads the list): deleting whatever row comes
    // first would take a demo account another journey signs in with (the approver).
    const name = `Delete Me Clinic ${Date.now()}`;
    const added = await apiAsPage(page, "/api/user/add", {
      practice_name: name,
      email: `delete-${Date.now()}@clinic.test`,
      phone: "415-555-0142",
      contact: "Sam Rivera",
      line1: `${Date.now() % 10_000} Owens Street`,
      city: "San Francisco",
      state: "CA",
      zip_code: "94158",
      user_level_id: 1,
    });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto("/userreport");
    const deleteButton = page.getByRole("button", { name: `Delete ${name}`, exact: true });

    await deleteButton.click();
    await page.getByRole("button", { name: "Don't delete" }).click();
    await expect(page.getByRole("table")).toContainText(name);

    await deleteButton.click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, MESSAGES.userDeleted)).toBeVisible();
    await expect(page.getByRole("button", { name: `Delete ${name}`, exact: true })).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the users list and the practice form are usable and accessible", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/userreport");
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessiblePage(page);
      await expectFitsViewport(page);
      await page.goto("/Users/AddUser");
      await expect(page.getByLabel("Practice Name")).toBeVisible();
      await expectAccessiblePage(page);
      await expectFitsViewport(page);
    });
  });

  test.describe("as a practice", () => {
    test("the user administration is Access Denied", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.goto("/userreport");
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    });
  });
});
