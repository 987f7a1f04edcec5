import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { MESSAGES, STORAGE_KEYS } from "@vetportal/contract";
import { apiAsPage, expectAccessiblePage, expectFitsViewport, toast } from "./support/admin-helpers.ts";
import { expect, PRACTICES, type Practice, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

/**
 * Issue 11's small things a user notices: a deep link that survives sign-in, focus on the new page's
 * heading, Customer Service before signing in, toasts that leave the header's buttons alone, a
 * session refreshed before it expires, a practice's Account page, the destroy confirmation, and
 * addresses checked by the server. Screenshots go to SHOTS_DIR when it is set.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: false });
}

async function fillPracticeSignIn(page: Page, practice: Practice) {
  await page.getByLabel("Practice Name").fill(practice.name);
  await page.getByLabel("Address").fill(practice.address);
  await page.getByLabel("Zip Code").fill(practice.zip);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const storedSession = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORAGE_KEYS.session) as Promise<{
    idToken: string;
    expireDate: string;
  } | null>;

test.describe("signing in", () => {
  test("a deep link with a query string survives sign-in, and focus lands on the page's heading", async ({ page }) => {
    await page.goto("/Users/Account?tab=addresses");
    await expect(page).toHaveURL("/login?next=%2FUsers%2FAccount%3Ftab%3Daddresses");
    await fillPracticeSignIn(page, PRACTICES.happyPaws);

    await expect(page).toHaveURL("/Users/Account?tab=addresses");
    await expect(page.getByRole("tab", { name: "Addresses" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeFocused();
  });

  test("a plain sign-in lands on Products with focus on its heading", async ({ page }) => {
    await page.goto("/login");
    await fillPracticeSignIn(page, PRACTICES.happyPaws);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeFocused();
  });

  test("a link to another site in ?next= is ignored: sign-in goes home", async ({ page }) => {
    for (const next of ["//evil.example/orders", "https://evil.example", "/\\evil.example"]) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await fillPracticeSignIn(page, PRACTICES.happyPaws);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL("/login");
    }
  });
});

test.describe("Customer Service before signing in", () => {
  test("opens from the sign-in page and sends an anonymous request", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await shot(page, "login-1280");
    await page.getByRole("button", { name: "Customer Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Customer Service" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Your Name")).toHaveValue("");
    await shot(page, "login-customer-service-1280");

    await dialog.getByLabel("Your Name").fill("Dana Whitfield");
    await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("dana@clinic.example");
    await dialog.getByLabel("Phone").fill("5035550199");
    await dialog.getByLabel("Area you are having issue with").selectOption("My Account");
    await dialog.getByLabel("Please describe the issue").fill("Our practice cannot sign in with its address.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(toast(page, MESSAGES.supportSubmitted)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Customer Service" })).toBeFocused();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  });

  test("opens from the sign-up page too", async ({ page }) => {
    await page.goto("/UserRegistration");
    await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
    await page.getByRole("button", { name: "Customer Service" }).click();
    await expect(page.getByRole("dialog", { name: "Customer Service" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the sign-in page keeps the button clear of the form", async ({ page }) => {
      await page.goto("/login");
      const button = page.getByRole("button", { name: "Customer Service" });
      await expect(button).toBeVisible();
      await expectAccessiblePage(page);
      await expectFitsViewport(page);
      const buttonBox = await button.boundingBox();
      const headingBox = await page.getByRole("heading", { level: 1, name: "Sign in" }).boundingBox();
      const logoBox = await page.getByRole("img", { name: "Vet Portal" }).boundingBox();
      expect(buttonBox && logoBox && headingBox).toBeTruthy();
      if (buttonBox && logoBox) expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(logoBox.y);
      await shot(page, "login-390");
      await page.goto("/UserRegistration");
      await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
      await expectFitsViewport(page);
      await shot(page, "sign-up-390");
    });
  });
});

/** A toast never covers the header nor the page's title (its top is below both), nor the end of the page. */
async function expectToastBelowHeader(page: Page, text: string) {
  const message = toast(page, text);
  await expect(message).toBeVisible();
  const header = await page.getByRole("banner").boundingBox();
  const box = await message.boundingBox();
  expect(header && box).toBeTruthy();
  if (header && box) expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  // Nor the page's title and the buttons beside it: toasts sit at the bottom (decision 036).
  const title = await page.getByRole("heading", { level: 1 }).boundingBox();
  if (title && box) expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
  // Scrolled to the end, it covers nothing either: the page ends with room for a toast below the
  // footer's last line (the support number and hours), not above the footer.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const atEnd = await message.boundingBox();
  const lastLine = await page
    .getByRole("contentinfo")
    .getByText(/^Support Hours/)
    .boundingBox();
  expect(atEnd && lastLine).toBeTruthy();
  if (atEnd && lastLine) expect(atEnd.y).toBeGreaterThanOrEqual(lastLine.y + lastLine.height);
}

test.describe("toasts", () => {
  test("appear below the header at laptop size, leaving its buttons free", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.getByRole("button", { name: "Customer Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Customer Service" });
    await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("maria@happypaws.com");
    await dialog.getByLabel("Phone").fill("4155550123");
    await dialog.getByLabel("Area you are having issue with").selectOption("Order History");
    await dialog.getByLabel("Please describe the issue").fill("Testing where toasts appear.");
    await dialog.getByRole("button", { name: "Send" }).click();
    // Sent, the dialog closes; until it has, its own <header> is a second banner on the page.
    await expect(dialog).toBeHidden();
    await expectToastBelowHeader(page, MESSAGES.supportSubmitted);
    // The header's buttons stay usable while the toast is up.
    await page.getByRole("button", { name: "Logout" }).click({ trial: true });
    await shot(page, "toast-1280");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("appear below the header there too", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.goto("/Users/Account");
      const form = page.getByRole("form", { name: "Personal info" });
      await expect(form.getByLabel("First Name")).not.toHaveValue("");
      await form.getByLabel("Title").fill("Practice Manager");
      await form.getByRole("button", { name: "Save" }).click();
      await expectToastBelowHeader(page, MESSAGES.personalInfoUpdated);
      await page.getByRole("button", { name: "Open menu" }).click({ trial: true });
      await shot(page, "toast-390");
    });
  });
});

test.describe("the session", () => {
  test("is refreshed before it expires: the user stays signed in and the old token is retired", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const before = await storedSession(page);
    if (!before) throw new Error("no stored session");
    // Due in a minute: within the refresh margin, so the page refreshes it as it starts.
    await page.evaluate(
      ([key, expireDate]) => {
        const session = JSON.parse(localStorage.getItem(key) ?? "{}");
        localStorage.setItem(key, JSON.stringify({ ...session, expireDate }));
      },
      [STORAGE_KEYS.session, new Date(Date.now() + 60_000).toISOString()] as const,
    );
    await page.reload();
    await expect.poll(async () => (await storedSession(page))?.idToken).not.toBe(before.idToken);
    const after = await storedSession(page);
    expect(Date.parse(after?.expireDate ?? "")).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
    await expect(page).toHaveURL("/");
    await page.getByRole("link", { name: "Orders" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL("/orders");
    const old = await page.request.post("/api/useradmin/previlege", {
      headers: { Authorization: `Bearer ${before.idToken}` },
    });
    expect(old.status()).toBe(401);
  });
});

test.describe("a practice's Account page", () => {
  test("offers no password settings: the practice signs in by its address", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto("/Users/Account?tab=security");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText(["Personal Info", "Addresses"]);
    await expect(page.getByRole("tab", { name: "Personal Info" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Your practice signs in with its name, address and zip code.")).toBeVisible();
    await expect(page.getByText("use the new email the next time you sign in")).toHaveCount(0);
    await expectAccessiblePage(page);
    await shot(page, "account-practice-1280");
  });

  test.describe("with an address the server refuses", () => {
    test.use({ allowedConsoleErrors: /status of 422/ });

    test("shows the reason under the field and stores nothing", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.goto("/Users/Account?tab=addresses");
      const form = page.getByRole("form", { name: "Add an address" });
      await form.getByLabel("Contact").fill("Maria Lopez");
      await form.getByRole("textbox", { name: "Address", exact: true }).fill("500 Howard Street");
      await form.getByLabel("City").fill("San Francisco");
      await form.getByLabel("State").selectOption("CA");
      await form.getByLabel("Zip Code").fill("10001");
      await form.getByRole("button", { name: "Add Address" }).click();
      await expect(form.getByText(MESSAGES.addressNotDeliverable)).toBeVisible();
      await expect(form.getByLabel("Zip Code")).toHaveAttribute("aria-invalid", "true");
      await shot(page, "account-address-refused-1280");
      const list = await apiAsPage(page, "/api/address/query", { belong_to: "user" });
      const lines = ((await list.json()) as { data: { zip_code: string }[] }).data.map((a) => a.zip_code);
      expect(lines).not.toContain("10001");
    });
  });
});

test.describe("destroying stock", () => {
  test("has its own confirmation: what, how many and the current stock; no carrier, address or contact", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const listed = await apiAsPage(page, "/api/product/list", { quickbooks_type_id: 5, limit: 50 });
    const candidates = (
      (await listed.json()) as { data: { id: number; is_in_inventory: boolean; actual_inventory: number }[] }
    ).data.filter((p) => p.is_in_inventory && p.actual_inventory > 0);
    // The last one: other journeys use the first.
    const product = candidates.at(-1);
    if (!product) throw new Error("the demo data has no in-stock product of type 5");

    await page.goto(`/Product/ProductDetail/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Destroy" }).click();
    await page.getByRole("button", { name: "Destroy stock", exact: true }).click();
    await expect(page).toHaveURL("/cart/preview");
    await page.getByRole("link", { name: "Check Out" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Destroy Stock" })).toBeVisible();
    const table = page.getByRole("table", { name: "Products to destroy" });
    const packs = `${product.actual_inventory.toLocaleString("en-US")} ${product.actual_inventory === 1 ? "pack" : "packs"}`;
    const row = table.getByRole("row").nth(1);
    await expect(row.getByRole("cell").nth(1)).toHaveText(packs);
    await expect(row.getByRole("cell").nth(2)).toHaveText(packs);
    for (const label of ["Contact Name", "Contact Phone", "Delivery Method", "Email", "Delivery address"]) {
      await expect(page.getByLabel(label)).toHaveCount(0);
    }
    const destroy = page.getByRole("button", { name: `Destroy ${packs}` });
    await expect(destroy).toBeDisabled();
    await expectAccessiblePage(page);
    await shot(page, "destroy-confirmation-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsViewport(page);
    await shot(page, "destroy-confirmation-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("checkbox", { name: `I confirm that ${packs} will be destroyed.` }).check();
    await destroy.click();
    await expect(page).toHaveURL(/\/order\/\d+\/1$/);
    // Decision 027: the result says what was destroyed; nothing was submitted for delivery.
    await expect(page.getByRole("heading", { level: 1, name: `${packs} destroyed` })).toBeFocused();
    await expect(page.getByText("Your Order Has Been Submitted")).toHaveCount(0);
    await expect(page.getByText("Delivery Method")).toHaveCount(0);
    const orderId = Number(/\/order\/(\d+)\/1$/.exec(page.url())?.[1]);
    const after = await apiAsPage(page, "/api/product/query", { id: product.id });
    expect(((await after.json()) as { data: { actual_inventory: number } }).data.actual_inventory).toBe(0);
    // The cart is empty on the server too (every tab and computer), and the badge says so.
    const cart = await apiAsPage(page, "/api/cart/query", {});
    expect(((await cart.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
    // The order desk shows it Destroyed, offers neither Ship nor Cancel, and does not list it as Active.
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(String(orderId));
    await expect(page.getByText("Destroyed").first()).toBeVisible();
    await expect(page.getByRole("tab", { name: "Ship" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Cancel" })).toHaveCount(0);
    const active = await apiAsPage(page, "/api/fulfilment/list", { order_status_id: 1, limit: 100 });
    const activeIds = ((await active.json()) as { data: { items: { id: number }[] } }).data.items.map((o) => o.id);
    expect(activeIds).not.toContain(orderId);
  });
});
