import { MESSAGES } from "@vetportal/contract";
import { expectAccessiblePage, expectFitsViewport, toast } from "./support/admin-helpers.ts";
import { ADMIN, expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

const NEW_PASSWORD = "Changed2026x";

async function signInWithPassword(page: import("@playwright/test").Page, password: string) {
  await page.goto("/login");
  await page.getByRole("switch", { name: "Staff sign-in" }).check();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function changePasswordOnSecurityTab(page: import("@playwright/test").Page, current: string, password: string) {
  await page.goto("/Users/Account");
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByLabel("Current Password").fill(current);
  await page.getByLabel("New Password").fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, MESSAGES.passwordChanged)).toBeVisible();
}

test.describe("account", () => {
  test.describe("password change", () => {
    // The refused old password (401) and the wrong current password (400) are expected.
    test.use({ allowedConsoleErrors: /status of (400|401)/ });

    // The other journeys of this run sign in with the documented password: put it back whatever happens.
    test.afterEach(async ({ request }) => {
      const auth = await request.post("/api/auth", {
        form: { method: "password", email: ADMIN.email, password: NEW_PASSWORD },
      });
      if (!auth.ok()) return;
      const { access_token } = (await auth.json()) as { access_token: string };
      await request.post("/api/user/changePassword", {
        data: { current_password: NEW_PASSWORD, password: ADMIN.password, confirmPassword: ADMIN.password },
        headers: { Authorization: `Bearer ${access_token}` },
      });
    });

    test("an administrator changes the password and signs in with the new one", async ({ page }) => {
      test.slow();
      await signInAsAdmin(page);
      await page.getByRole("button", { name: "Reports" }).click();
      await page.getByRole("menuitem", { name: "Account" }).click();
      await expect(page).toHaveURL("/Users/Account");
      await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
      await page.getByRole("tab", { name: "Security" }).click();
      await expectAccessiblePage(page);

      // The rule is checked before anything is sent.
      await page.getByLabel("New Password").fill("short1");
      await page.getByLabel("Confirm Password").fill("short1");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByLabel("New Password")).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("New Password").fill(NEW_PASSWORD);
      await page.getByLabel("Confirm Password").fill(`${NEW_PASSWORD}9`);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");

      // The current password is needed, and a wrong one is named under its field.
      await page.getByLabel("Current Password").fill("not-the-password1");
      await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText(MESSAGES.currentPasswordWrong).first()).toBeVisible();
      await expect(page.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");

      await changePasswordOnSecurityTab(page, ADMIN.password, NEW_PASSWORD);
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL("/login");

      await signInWithPassword(page, ADMIN.password);
      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.staffLoginFailed })).toBeVisible();

      await signInWithPassword(page, NEW_PASSWORD);
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

      // And back again, through the standalone screen.
      await page.goto("/Account/UserChangePswd");
      await expect(page.getByRole("heading", { level: 1, name: "Change Password" })).toBeVisible();
      await expectAccessiblePage(page);
      await page.getByLabel("Current Password").fill(NEW_PASSWORD);
      await page.getByLabel("New Password").fill(ADMIN.password);
      await page.getByLabel("Confirm Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(toast(page, MESSAGES.passwordChanged)).toBeVisible();
    });
  });

  test("a practice edits its personal info and adds an address from the header's Account link", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL("/Users/Account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

    const form = page.getByRole("form", { name: "Personal info" });
    await expect(form.getByLabel("First Name")).not.toHaveValue("");
    await expect(form.getByLabel("Security Level")).toHaveAttribute("readonly", "");
    await expect(form.getByLabel("Department")).toHaveAttribute("readonly", "");
    await expectAccessiblePage(page);

    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Title").fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText(MESSAGES.invalidEmailFormat)).toBeVisible();
    await expect(form.getByText(MESSAGES.titleRequired)).toBeVisible();

    await form.getByLabel("Title").fill("Practice Manager");
    await form.getByLabel("Email").fill("frontdesk@happypaws.example");
    await form.getByLabel("Cell").fill("4155550199");
    await expect(form.getByLabel("Cell")).toHaveValue("415-555-0199");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, MESSAGES.personalInfoUpdated)).toBeVisible();

    await page.reload();
    await expect(form.getByLabel("Title")).toHaveValue("Practice Manager");
    await expect(form.getByLabel("Cell")).toHaveValue("415-555-0199");

    // Addresses: the form, then the new card in the list.
    await page.getByRole("tab", { name: "Addresses" }).click();
    const addressForm = page.getByRole("form", { name: "Add an address" });
    await addressForm.getByRole("button", { name: "Add Address" }).click();
    await expect(addressForm.getByText(MESSAGES.contactRequired)).toBeVisible();
    await expect(addressForm.getByLabel("Country")).toHaveValue("186");
    await addressForm.getByLabel("Contact").fill("Maria Lopez");
    await addressForm.getByRole("textbox", { name: "Address", exact: true }).fill("77 Second Street");
    await addressForm.getByLabel("City").fill("San Francisco");
    await addressForm.getByLabel("State").selectOption("CA");
    await addressForm.getByLabel("Zip Code").fill("94107");
    await expectAccessiblePage(page);
    await addressForm.getByRole("button", { name: "Add Address" }).click();
    await expect(toast(page, MESSAGES.userAddressAdded)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "77 Second Street" })).toBeVisible();
  });

  test("the standalone account screens are open to practices", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.hudsonValley);
    for (const [path, heading] of [
      ["/Account/UserPersonalInfo", "Personal Info"],
      ["/Account/UserAddress", "Addresses"],
      ["/Account/UserChangePswd", "Change Password"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectAccessiblePage(page);
    }
    // Signed in by address, the practice cannot set a password (decision 012).
    await expect(page.getByText(MESSAGES.passwordNeedsPasswordSignIn)).toBeVisible();
    await expect(page.getByLabel("New Password")).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the account page is reachable from the menu and accessible", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Account" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
      await expect(page.getByRole("form", { name: "Personal info" }).getByLabel("First Name")).toBeVisible();
      await expectAccessiblePage(page);
      await expectFitsViewport(page);
    });
  });
});
