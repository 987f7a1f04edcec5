import { seriousViolations } from "./support/axe.ts";
import { expect, PRACTICES, signInAsPractice, test } from "./support/fixtures.ts";

test.describe("accessibility", () => {
  test("the login page has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("switch", { name: "Staff sign-in" }).check();
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the signed-in home page has no serious or critical axe violations", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("the Customer Service modal and Access Denied page have no serious or critical axe violations", async ({
    page,
  }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.getByRole("button", { name: "Customer Service" }).click();
    await expect(page.getByRole("dialog", { name: "Customer Service" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto("/reports/orderreport");
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the scan finds what a page gets wrong (the check itself can fail)", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    // Grey on white (contrast about 1.5:1), a button without a name and an image without alt text.
    await page.evaluate(() => {
      const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? "";
      document
        .querySelector("form")
        ?.insertAdjacentHTML(
          "beforeend",
          `<p style="color:#ccc;background:#fff">Faint text</p><button type="button"></button><img src="${icon}">`,
        );
    });
    const found = (await seriousViolations(page)).map((violation) => violation.id).sort();
    expect(found).toEqual(["button-name", "color-contrast", "image-alt"]);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the home page has no serious or critical axe violations", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
