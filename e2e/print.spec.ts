import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { PRINT_MESSAGES } from "@vetportal/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { apiAsPage, toast } from "./support/admin-helpers.ts";
import { expect, type Practice, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/**
 * Print on demand (issue 24, "Done when"): a practice of its own sets up its brand, approves the
 * proof of a personalised product and orders it with a stocked one; staff download the line's print
 * file, ship the stocked line alone, move the printed line through production and ship it. Run at
 * desktop size and at 390×844 (the phone project), every page checked with axe and whole.
 */

/** The demo's personalised postcard (apps/api/src/db/seed/seed-print.ts), in category 2101. */
const POSTCARD = { id: 990001, category: 2101, name: "Dental Care Reminder Postcard — personalised" };
const LOGO = readFileSync(new URL("./fixtures/brand-logo.png", import.meta.url));

/** A PDF's text, read back with unpdf (it must be a PDF). */
async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** A practice of this run alone (sign-up through the API), so journeys beside it share nothing with it. */
async function newPractice(page: Page, stamp: number): Promise<Practice & { phone: string }> {
  const practice = {
    name: `Print Journey Clinic ${stamp}`,
    address: "1600 Owens Street",
    zip: "94158",
    phone: "415-555-0177",
  };
  const created = await page.request.post("/api/user/addpractice", {
    data: {
      practice_name: practice.name,
      email: `print.${stamp}@printjourney.test`,
      phone: practice.phone,
      contact: "Ada Lovelace",
      line1: practice.address,
      city: "San Francisco",
      state: "CA",
      zip_code: practice.zip,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return practice;
}

/** A stocked product of category 2100 the practice may order, with its minimum. */
async function stockedProduct(page: Page) {
  const list = await apiAsPage(page, "/api/product/list", { product_category_id: 2100 });
  const products = (await list.json()).data as {
    id: number;
    name: string;
    is_in_inventory: boolean;
    is_customizable?: boolean;
    actual_inventory: number;
  }[];
  const product = products.find((p) => p.is_in_inventory && !p.is_customizable && p.actual_inventory > 50);
  if (!product) throw new Error("no stocked product in category 2100");
  return product;
}

async function setUpBrand(page: Page, practice: Practice & { phone: string }) {
  await page.goto("/account/brand");
  await expect(page.getByRole("heading", { level: 1, name: "Brand" })).toBeVisible();
  await expectPageOk(page, "brand");
  const form = page.getByRole("form", { name: "Brand" });
  await form.getByRole("textbox", { name: "Display name" }).fill(practice.name);
  await form.getByLabel("Phone").fill(practice.phone.replaceAll("-", ""));
  await form.getByLabel("Address lines").fill(`${practice.address}\nSan Francisco, CA ${practice.zip}`);
  await form.getByRole("textbox", { name: "Website or booking link" }).fill("https://printjourney.test/book");
  await page.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO });
  await form.getByRole("button", { name: "Save brand" }).click();
  await expect(toast(page, PRINT_MESSAGES.brandSaved)).toBeVisible();
  await expect(page.getByRole("img", { name: "Your current logo" })).toBeVisible();
  await expect(page.getByText(/^Version 1, saved/)).toBeVisible();
}

/** The postcard's proof: a PDF behind "View proof", then "I approve this proof", then into the cart. */
async function approveProofAndAdd(page: Page, practice: { name: string; phone: string }) {
  await page.goto(`/product/${POSTCARD.id}?category=${POSTCARD.category}`);
  await expect(page.getByRole("heading", { level: 1, name: POSTCARD.name })).toBeVisible();
  await expect(page.getByRole("img", { name: `Preview of ${POSTCARD.name} with your practice's brand` })).toBeVisible();
  await expectPageOk(page, "personalised product");
  const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/proof/pdf");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "View proof" }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
  await (await popup).close();
  // The same proof read back: the practice's name and phone, and the watermark.
  const proof = (await (await apiAsPage(page, "/api/proof/query", { product_id: POSTCARD.id })).json()).data;
  const text = await pdfText(await (await apiAsPage(page, "/api/proof/pdf", { proof_id: proof.id })).body());
  expect(text).toContain(practice.name);
  expect(text).toContain(practice.phone);
  expect(text).toContain("PROOF");

  // Add To Cart waits for the approval.
  await expect(page.getByText(PRINT_MESSAGES.proofNeeded)).toBeVisible();
  const approve = page.getByRole("checkbox", { name: "I approve this proof" });
  // Checked once the server has recorded the approval (the box shows the proof's state).
  await approve.click();
  await expect(approve).toBeChecked();
  await expect(approve).toBeDisabled();
  await expect(page.getByText(PRINT_MESSAGES.proofNeeded)).toHaveCount(0);
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL("/cart/preview");
  await expectPageOk(page, "cart", { once: true });
}

/** The stocked product into the cart too, then checkout: answers the order's id. */
async function addStockedAndOrder(page: Page, stocked: { id: number; name: string }) {
  await page.goto(`/product/${stocked.id}?category=2100`);
  await expect(page.getByRole("heading", { level: 1, name: stocked.name })).toBeVisible();
  await expectPageOk(page, "product", { once: true });
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL("/cart/preview");
  await expect(page.getByRole("row", { name: new RegExp(POSTCARD.name) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(stocked.name) })).toBeVisible();
  await expectPageOk(page, "cart", { once: true });
  await page.getByRole("link", { name: "Check Out" }).click();
  await expect(page).toHaveURL("/cart/shipping");
  await expectPageOk(page, "shipping", { once: true });
  await page.getByLabel("Contact Name").fill("Ada Lovelace");
  await page.getByLabel("Contact Phone").fill("4155550177");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/1$/);
  await expectPageOk(page, "confirmation", { once: true });
  return Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
}

/** Staff in a second browser, at the same window size as the practice's. */
async function staffDesk(browser: Browser, page: Page, orderId: number): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByRole("heading", { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expectPageOk(admin, "desk order");
  return admin;
}

/** The printed line's print file: a PDF with the practice's name and phone, and no watermark. */
async function downloadPrintFile(admin: Page, practice: { name: string; phone: string }) {
  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: `Print file of ${POSTCARD.name}` }).click();
  const file = await download;
  const text = await pdfText(readFileSync(await file.path()));
  expect(text).toContain(practice.name);
  expect(text).toContain(practice.phone);
  expect(text).not.toContain("PROOF");
}

async function shipWith(admin: Page, tracking: string) {
  await admin.getByRole("tab", { name: "Ship" }).click();
  await admin.getByRole("textbox", { name: "Tracking number" }).fill(tracking);
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
}

async function moveTo(admin: Page, status: "Printing" | "In Production") {
  await admin.getByRole("checkbox", { name: `Choose ${POSTCARD.name}` }).check();
  await admin.getByRole("combobox", { name: "Move the chosen lines to" }).selectOption({ label: status });
  await admin.getByRole("button", { name: "Move line" }).click();
  await expect(toast(admin, `The line is now ${status}.`)).toBeVisible();
  const production = admin.getByRole("table", { name: /^Personalised lines of order/ });
  await expect(production.getByRole("row", { name: new RegExp(POSTCARD.name) })).toContainText(status);
}

// No trace: saving the trace of this journey's second browser (staff, with a PDF download) once
// failed at its close with "file data stream has unexpected number of bytes" (a Playwright tracing
// bug, microsoft/playwright#8287's family); the failure screenshot stays.
test.use({ trace: "off" });

test.describe("print on demand", () => {
  // Every page shown passes axe and is whole, at desktop size and at 390×844 (issue 22 §3).
  test.use({ checkEveryPage: true });
  // Two people signed in, a PDF made and read back, two shipments.
  test.describe.configure({ timeout: 180_000 });

  test("a practice brands and approves a proof, orders it with a stocked product; staff print, ship the stocked line, then the printed one", async ({
    page,
    browser,
  }) => {
    const practice = await newPractice(page, Date.now());
    await signInAsPractice(page, practice);
    await setUpBrand(page, practice);
    await approveProofAndAdd(page, practice);
    const stocked = await stockedProduct(page);
    const orderId = await addStockedAndOrder(page, stocked);

    const admin = await staffDesk(browser, page, orderId);
    const production = admin.getByRole("table", { name: `Personalised lines of order #${orderId}` });
    await expect(production.getByRole("row", { name: new RegExp(POSTCARD.name) })).toContainText("Pre Press");
    await downloadPrintFile(admin, practice);

    // The stocked line ships alone: the printed one is still in Pre Press.
    await shipWith(admin, "1Z999AA10123450001");
    await expect(toast(admin, "The shipment is recorded (1 of 2 lines shipped, 1 pre press)")).toBeVisible();

    await page.goto(`/order/${orderId}/2`);
    await expect(page.getByRole("heading", { level: 1, name: "Your Order Details" })).toBeVisible();
    await expect(page.getByText(/^1 of 2 lines shipped/)).toBeVisible();
    await expect(page.getByRole("link", { name: /UPS 1Z999AA10123450001/ })).toHaveAttribute("href", /ups\.com/);
    await expectPageOk(page, "order, partly shipped");

    // The printed line through production, then shipped: the order is Shipped.
    await moveTo(admin, "Printing");
    await moveTo(admin, "In Production");
    await shipWith(admin, "1Z999AA10123450002");
    await expect(toast(admin, `Order #${orderId} is shipped.`)).toBeVisible();
    await expectPageOk(admin, "desk order, shipped");
    await admin.context().close();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Order Details" })).toBeVisible();
    await expect(page.getByText("2 of 2 lines shipped", { exact: true })).toBeVisible();
    await expect(page.getByText("Shipped", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /UPS 1Z999AA10123450002/ })).toBeVisible();
    await expectPageOk(page, "order, shipped");
  });
});
