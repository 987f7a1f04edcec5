import { readFile } from "node:fs/promises";
import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { apiAsPage, expectAccessiblePage, expectFitsViewport, toast } from "./support/admin-helpers.ts";
import { expect, signInAsAdmin, test } from "./support/fixtures.ts";

/**
 * The audit trail (issue 23 §5): an administrator's changes appear at /admin/audit, newest first,
 * naming the person, the kind, the record and the change; filters, the CSV, and a product's own
 * history on its page; whole and accessible on a phone.
 */

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: PORTAL_TIME_ZONE });
const PRODUCT_ID = 144048;

test.describe("the audit trail", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an administrator's changes are listed, filtered, exported and shown on the product's page", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const name = `Audit Journey ${Date.now()}`;
    const added = await apiAsPage(page, "/api/department/add", { name, department_code: "AJ" });
    expect(added.status(), await added.text()).toBe(200);
    const id = (await added.json()).data.id as number;
    const renamed = await apiAsPage(page, "/api/department/update", {
      id,
      name: `${name} Renamed`,
      department_code: "AJ",
    });
    expect(renamed.status()).toBe(200);
    const stocked = await apiAsPage(page, "/api/inventory/replenish", {
      product_id: PRODUCT_ID,
      quantity: 12,
      comment: "Audit journey delivery",
    });
    expect(stocked.status(), await stocked.text()).toBe(200);

    await page.getByRole("button", { name: "Reports" }).click();
    await page.getByRole("menuitem", { name: "Audit Trail" }).click();
    await expect(page).toHaveURL("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit Trail" })).toBeVisible();
    const table = page.getByRole("table", { name: "Audit trail" });
    // Newest first: the replenish, then the rename, then the creation.
    const rows = table.getByRole("row");
    await expect(rows.nth(1)).toContainText("replenish");
    await expect(rows.nth(2)).toContainText(`name: ${name} → ${name} Renamed`);
    await expect(rows.nth(2)).toContainText("admin@vetportal.example");
    await expect(rows.nth(2)).toContainText("department");
    await expectAccessiblePage(page);

    const filter = page.getByRole("form", { name: "Filter the audit trail" });
    await filter.getByRole("combobox", { name: /Kind/ }).selectOption("department");
    await filter.getByRole("textbox", { name: /Record/ }).fill(name);
    await filter.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/kind=department/);
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row").nth(2)).toContainText("create");

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`audit_${today()}.csv`);
    const csv = (await readFile(await download.path(), "utf8")).trim().split("\n");
    expect(csv[0]).toBe("When,Person,Email,Kind,Action,Record ID,Record,Before,After,Sign-in");
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(`,department,update,${id},`);

    await page.goto(`/Product/ProductDetail/${PRODUCT_ID}`);
    const history = page.getByRole("table", { name: "Changes recorded" });
    await expect(history.getByRole("row").nth(1)).toContainText("product replenish");
    await expect(history.getByRole("row").nth(1)).toContainText("comment: — → Audit journey delivery");
    await expectAccessiblePage(page);
  });

  test("an administrator changes the support phone: saved, shown in the footer, listed in the trail", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.getByRole("button", { name: "Reports" }).click();
    await page.getByRole("menuitem", { name: "Portal Settings" }).click();
    await expect(page).toHaveURL("/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Portal Settings" })).toBeVisible();
    const form = page.getByRole("form", { name: "Portal settings" });
    const phone = form.getByRole("textbox", { name: /Support phone/ });
    const before = await phone.inputValue();
    const changed = before === "415-555-0142" ? "415-555-0143" : "415-555-0142";
    await phone.fill(changed.replaceAll("-", ""));
    await expect(phone).toHaveValue(changed);
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(page.getByText(/^Last saved /)).toBeVisible();
    await expect(page.locator("footer").getByRole("link", { name: changed })).toBeVisible();
    await expectAccessiblePage(page);

    await page.goto("/admin/audit?kind=settings");
    const row = page.getByRole("table", { name: "Audit trail" }).getByRole("row").nth(1);
    await expect(row).toContainText("portal settings");
    await expect(row).toContainText(`support phone: ${before} → ${changed}`);
    await expect(row).toContainText("admin@vetportal.example");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the settings page is whole and accessible", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/admin/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Portal Settings" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Save Settings" })).toBeVisible();
      await expectFitsViewport(page);
      await expectAccessiblePage(page);
    });

    test("the audit trail is whole, its rows are cards, and it is accessible", async ({ page }) => {
      await signInAsAdmin(page);
      const added = await apiAsPage(page, "/api/department/add", { name: `Phone Audit ${Date.now()}` });
      expect(added.status()).toBe(200);
      await page.goto("/admin/audit");
      await expect(page.getByRole("heading", { level: 1, name: "Audit Trail" })).toBeVisible();
      const first = page.getByRole("table", { name: "Audit trail" }).getByRole("row").nth(1);
      await expect(first).toContainText("Phone Audit");
      // A card: each cell shows its column's label.
      await expect(first.getByRole("cell").filter({ hasText: "department" }).first()).toHaveAttribute(
        "data-label",
        "Kind",
      );
      await expectFitsViewport(page);
      await expectAccessiblePage(page);
    });
  });
});
