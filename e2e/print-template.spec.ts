import { PRINT_MESSAGES } from "@vetportal/contract";
import { apiAsPage, toast } from "./support/admin-helpers.ts";
import { expect, signInAsAdmin, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/**
 * The print template editor (issue 24 §2): an administrator opens a personalised product's
 * template from its page, moves a field, sees the live preview change, and saves. The demo poster
 * (no journey approves its proof) is the product, so the postcard's approved proof stays current.
 */
const POSTER_ID = 990002;

type TemplateAnswer = { data: { version: number; fields: { kind: string; y: number }[] } };

async function moveThePracticeName(page: import("@playwright/test").Page, y: number) {
  await signInAsAdmin(page);
  await page.goto(`/Product/ProductDetail/${POSTER_ID}`);
  await page.getByRole("link", { name: "Print template" }).click();
  await expect(page).toHaveURL(`/Product/Template/${POSTER_ID}`);
  await expect(page.getByRole("heading", { level: 1, name: "Print template" })).toBeFocused();
  const preview = page.getByRole("img", { name: /^Preview of Vaccination Reminder Poster/ });
  await expect(preview).toHaveAttribute("src", /^data:image\/webp;base64,/);
  await expectPageOk(page, "print template");
  const before = await preview.getAttribute("src");
  const saved = (
    (await (await apiAsPage(page, "/api/template/query", { product_id: POSTER_ID })).json()) as TemplateAnswer
  ).data;

  // Move the practice's name: its folded row opens, and the preview is drawn again with it in its new place.
  const row = page.getByRole("button", { name: /^Practice name \d/ });
  await expect(row).toHaveAttribute("aria-expanded", "false");
  await row.click();
  const name = page.getByRole("group", { name: "Practice name" });
  await name.getByRole("textbox", { name: "Y (mm)" }).fill(String(y));
  await expect(preview).not.toHaveAttribute("src", before ?? "");
  await expect(page.getByText("The preview is not up to date")).toHaveCount(0);

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(toast(page, PRINT_MESSAGES.templateSaved)).toBeVisible();
  const after = (
    (await (await apiAsPage(page, "/api/template/query", { product_id: POSTER_ID })).json()) as TemplateAnswer
  ).data;
  expect(after.version).toBe(saved.version + 1);
  expect(after.fields.find((f) => f.kind === "practice_name")?.y).toBe(y);
  // Saved: leaving asks nothing.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`/Product/ProductDetail/${POSTER_ID}`);
}

test.describe("print template editor", () => {
  test("an administrator moves a field, sees the preview change and saves", async ({ page }) => {
    await moveThePracticeName(page, 200);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test("an administrator moves a field on a phone: fields stacked, the preview below", async ({ page }) => {
      await moveThePracticeName(page, 210);
    });
  });
});
