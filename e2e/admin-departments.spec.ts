import { MESSAGES } from "@vetportal/contract";
import { expectAccessiblePage, expectFitsViewport, pickOption, toast } from "./support/admin-helpers.ts";
import { expect, signInAsAdmin, test } from "./support/fixtures.ts";

test.describe("admin departments and cost centers", () => {
  test("an administrator creates a department with two CC emails and a cost center using it", async ({ page }) => {
    const department = `E2E Mobile Clinic ${Date.now()}`;
    const costCenter = `E2E Outreach ${Date.now()}`;
    const filter = page.getByRole("form", { name: "Filter departments" });
    await signInAsAdmin(page);

    await page.goto("/Departments/DepartmentReport");
    await expect(page.getByRole("heading", { level: 1, name: "Departments" })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessiblePage(page);

    await page.getByRole("link", { name: "Add a New Department" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add a New Department" })).toBeVisible();
    await page.getByRole("button", { name: "Save Department" }).click();
    await expect(page.getByText(MESSAGES.departmentNameRequired)).toBeVisible();

    await page.getByLabel("Department Name").fill(department);
    await page.getByLabel("Department Code").fill("MOB-1");
    await page.getByLabel("UPS Number").fill("1Z999");
    await page.getByRole("switch", { name: "Billing reports" }).check();

    // CC emails: empty adds nothing, a duplicate is not added twice, a chip can be removed.
    const ccInput = page.getByRole("textbox", { name: "CC order email" });
    const ccList = page.getByRole("list", { name: "CC order emails" });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("None yet.")).toBeVisible();
    await ccInput.fill("orders@mobile.example");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await ccInput.fill("orders@mobile.example");
    await ccInput.press("Enter");
    await ccInput.fill("billing@mobile.example");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await ccInput.fill("temp@mobile.example");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(ccList.getByRole("listitem")).toHaveCount(3);
    await page.getByRole("button", { name: "Remove temp@mobile.example" }).click();
    await expect(ccList.getByRole("listitem")).toHaveCount(2);

    // The picker says where the practice is now: choosing it moves it to this department.
    await pickOption(page, "Users", "Sunset Animal Clinic (moves from Veterinary Sales West)");
    await expectAccessiblePage(page);
    await page.getByRole("button", { name: "Save Department" }).click();
    await expect(toast(page, MESSAGES.departmentAdded)).toBeVisible();
    await expect(page).toHaveURL("/Departments/DepartmentReport");

    // Find it, open it again: the CC emails and the user were stored.
    await filter.getByLabel("Name").fill(department);
    await filter.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("table").getByRole("row").filter({ hasText: department });
    await expect(row).toContainText("MOB-1");
    await row.getByRole("link", { name: `Modify ${department}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Modify Department" })).toBeVisible();
    await expect(page.getByLabel("Department Name")).toHaveValue(department);
    await expect(ccList.getByRole("listitem")).toHaveCount(2);
    await expect(ccList).toContainText("orders@mobile.example");
    await expect(ccList).toContainText("billing@mobile.example");
    await expect(page.getByText("Sunset Animal Clinic")).toBeVisible();

    // Addresses tab of the department.
    await page.goto("/Departments/DepartmentReport");
    await filter.getByLabel("Name").fill(department);
    await filter.getByRole("button", { name: "Search" }).click();
    await row.getByRole("link", { name: `Addresses of ${department}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: department })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Addresses" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("The department has no addresses yet.")).toBeVisible();
    const addressForm = page.getByRole("form", { name: `Add an address to ${department}` });
    await addressForm.getByLabel("Contact").fill("Dana Ruiz");
    await addressForm.getByRole("textbox", { name: "Address", exact: true }).fill("9 Mission Street");
    await addressForm.getByLabel("City").fill("San Francisco");
    await addressForm.getByLabel("State").selectOption("CA");
    await addressForm.getByLabel("Zip Code").fill("94105");
    await expectAccessiblePage(page);
    await addressForm.getByRole("button", { name: "Add Address" }).click();
    await expect(toast(page, MESSAGES.departmentAddressAdded)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "9 Mission Street" })).toBeVisible();

    // A cost center covering the new department.
    await page.goto("/CostCenter/CostCenterReport");
    await expect(page.getByRole("heading", { level: 1, name: "Cost Centers" })).toBeVisible();
    await expectAccessiblePage(page);
    await page.getByRole("link", { name: "Add a New Cost Center" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add a New Cost Center" })).toBeVisible();
    await page.getByRole("button", { name: "Save Cost Center" }).click();
    await expect(page.getByText("Cost center name is required")).toBeVisible();
    await expect(page.getByText("Choose at least one department")).toBeVisible();
    await page.getByLabel("Cost Center Name").fill(costCenter);
    await pickOption(page, "Departments", department);
    await expectAccessiblePage(page);
    await page.getByRole("button", { name: "Save Cost Center" }).click();
    await expect(toast(page, MESSAGES.costCenterAdded)).toBeVisible();
    await expect(page).toHaveURL("/CostCenter/CostCenterReport");
    const ccRow = page.getByRole("table").getByRole("row").filter({ hasText: costCenter });
    await expect(ccRow).toContainText(department);

    // Modify it, then delete it after the confirmation.
    await ccRow.getByRole("link", { name: `Modify ${costCenter}` }).click();
    await expect(page.getByLabel("Cost Center Name")).toHaveValue(costCenter);
    await page.getByLabel("Cost Center Name").fill(`${costCenter} West`);
    await page.getByRole("button", { name: "Save Cost Center" }).click();
    await expect(toast(page, MESSAGES.costCenterUpdated)).toBeVisible();
    const renamed = page
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: `${costCenter} West` });
    await renamed.getByRole("button", { name: `Delete ${costCenter} West` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, MESSAGES.costCenterDeleted)).toBeVisible();
    await expect(renamed).toHaveCount(0);

    // And the department goes too.
    await page.goto(`/Departments/DepartmentReport?name=${encodeURIComponent(department)}`);
    await row.getByRole("button", { name: `Delete ${department}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, MESSAGES.departmentDeleted)).toBeVisible();
    await expect(page.getByText("No departments match this name.")).toBeVisible();
  });

  test("a department address can be added from the standalone screen", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/Departments/DepartmentAddress");
    await expect(page.getByRole("heading", { level: 1, name: "Department Address" })).toBeVisible();
    await expectAccessiblePage(page);
    const select = page
      .getByRole("textbox", { name: "Department" })
      .or(page.getByRole("combobox", { name: "Department" }));
    await select.first().click();
    await page.getByRole("option").first().click();
    await expect(page).toHaveURL(/\?id=\d+/);
    await expect(page.getByRole("form", { name: /^Add an address to / })).toBeVisible();
    await expectAccessiblePage(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the department and cost center pages are accessible", async ({ page }) => {
      await signInAsAdmin(page);
      for (const path of [
        "/Departments/DepartmentReport",
        "/Departments/DepartmentDetails",
        "/CostCenter/CostCenterReport",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessiblePage(page);
        await expectFitsViewport(page);
      }
    });
  });
});
