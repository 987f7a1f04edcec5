import { MESSAGES, STORAGE_KEYS } from "@vetportal/contract";
import { expect, logOut, PRACTICES, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

test.describe("sign-up", () => {
  // The undeliverable address and the conflict are answered 422 and 409, which the browser logs.
  test.use({ allowedConsoleErrors: /status of (409|422)/ });
  // Every page shown passes axe and is whole, at desktop size and at 390×844 (issue 22 §3).
  test.use({ checkEveryPage: true });

  test("a new practice signs up in two steps, is told its zip is not deliverable, then lands signed in on Products", async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/address/addressValidate" || path === "/api/user/addpractice") calls.push(path);
    });
    const stamp = Date.now();
    const practice = `Lone Star Pet Clinic ${stamp}`;

    await page.goto("/login");
    await expectPageOk(page, "login", { once: true });
    await page.getByRole("link", { name: "Create an Account" }).click();
    await expect(page).toHaveURL("/UserRegistration");
    await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
    await expectPageOk(page);

    // Step 1: every field has its own required message.
    await page.getByRole("button", { name: "Next" }).click();
    for (const message of [
      MESSAGES.practiceNameRequired,
      MESSAGES.contactRequired,
      MESSAGES.emailRequired,
      MESSAGES.phoneRequired,
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel("Practice Name")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Practice Name").fill(practice);
    await page.getByLabel("Contact Name").fill("Rosa Alvarez");
    await page.getByRole("textbox", { name: "Email" }).fill(`rosa.${stamp}@lonestarpets.com`);
    await page.getByLabel("Phone").fill("5125550142");
    await expect(page.getByLabel("Phone")).toHaveValue("512-555-0142");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 2: the delivery address, with the US-only note.
    await expect(page.getByText(MESSAGES.shippingNoteUsOnly)).toBeVisible();
    await page.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      MESSAGES.addressRequired,
      MESSAGES.cityRequired,
      MESSAGES.stateRequired,
      MESSAGES.zipRequired,
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    expect(calls).toEqual([]);
    await expectPageOk(page);

    await page.getByLabel("Address").fill("700 Congress Avenue");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("State").selectOption("TX");
    await page.getByLabel("Zip Code").fill("10001"); // a New York zip: not deliverable to Texas
    await page.getByRole("button", { name: "Create Account" }).click();

    const undeliverable = page.getByText(MESSAGES.addressNotDeliverable);
    await expect(undeliverable).toBeVisible();
    await expect(undeliverable).toHaveCSS("color", "rgb(201, 42, 42)");
    await expect(page.getByLabel("Zip Code")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual(["/api/address/addressValidate"]);

    await page.getByLabel("Zip Code").fill("78701");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: MESSAGES.signupSuccess })).toBeVisible();
    await expectPageOk(page, "home", { once: true });
    // "Signed in as" is in the header on a wide screen, in the menu on a phone.
    const signedInAs = page.getByText(`Signed in as ${practice}`).filter({ visible: true });
    if ((await signedInAs.count()) === 0) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(signedInAs).toBeVisible();
    const session = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
    expect(JSON.parse(session ?? "null")).toMatchObject({ displayName: practice, registered: true });
    expect(calls).toEqual(["/api/address/addressValidate", "/api/address/addressValidate", "/api/user/addpractice"]);

    // The new account signs in like any practice: name, first address line and zip.
    await logOut(page);
    await page.getByLabel("Practice Name").fill(practice);
    await page.getByLabel("Address").fill("700 Congress Avenue");
    await page.getByLabel("Zip Code").fill("78701");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  });

  test("an already registered practice is told so, on the step holding the field", async ({ page }) => {
    await page.goto("/UserRegistration");
    await page.getByLabel("Practice Name").fill(PRACTICES.happyPaws.name);
    await page.getByLabel("Contact Name").fill("Maria Lopez");
    await page.getByRole("textbox", { name: "Email" }).fill(`maria.${Date.now()}@happypaws.com`);
    await page.getByLabel("Phone").fill("4155550123");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Address").fill(PRACTICES.happyPaws.address);
    await page.getByLabel("City").fill("San Francisco");
    await page.getByLabel("State").selectOption("CA");
    await page.getByLabel("Zip Code").fill(PRACTICES.happyPaws.zip);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByRole("alert").filter({ hasText: /already registered/ })).toBeVisible();
    await expectPageOk(page, "sign-up refused");
    // Back on step 1, where the practice name is marked.
    await expect(page.getByLabel("Practice Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
    await expect(page).toHaveURL("/UserRegistration");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("both steps fit the screen and pass axe", async ({ page }) => {
      await page.goto("/UserRegistration");
      await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
      await expectPageOk(page);
      await page.getByLabel("Practice Name").fill("Phone Clinic");
      await page.getByLabel("Contact Name").fill("Pat Phone");
      await page.getByRole("textbox", { name: "Email" }).fill("pat@phoneclinic.com");
      await page.getByLabel("Phone").fill("5125550100");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(MESSAGES.shippingNoteUsOnly)).toBeVisible();
      await expectPageOk(page);
    });
  });
});
