import { MESSAGES } from "@vetportal/contract";
import { expectAccessiblePage, toast } from "./support/admin-helpers.ts";
import { ADMIN, expect, signInAsAdmin, test } from "./support/fixtures.ts";
import { type SunkMail, startSmtpSink } from "./support/smtp-sink.ts";

const STAFF = {
  practice_name: "Northwind Regional Office",
  email: "jordan.staff@vetportal.test",
  phone: "614-555-0142",
  contact: "Jordan Staff",
  line1: "12 Broad Street",
  city: "Columbus",
  state: "OH",
  zip_code: "43215",
  user_level_id: 3,
};
const PASSWORD = "Northwind2026";

/** The set-password path of the newest mail to an address (quoted-printable undone). */
async function linkFor(messages: SunkMail[], email: string, after: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = messages.slice(after).findLast((m) => m.to.includes(email));
        const text = mail?.data
          .replace(/=\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        link = /\/set-password#token=[\w-]+/.exec(text ?? "")?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link as string;
}

test.describe("staff set-password link", () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("an administrator sends a link; the staff member sets a password and signs in with it", async ({
    page,
    request,
  }) => {
    test.slow();
    const sink = await startSmtpSink();
    try {
      // The staff user, added through the API as Add User would (level Administrator).
      const auth = await request.post("/api/auth", { data: { method: "password", ...ADMIN } });
      const { access_token } = (await auth.json()) as { access_token: string };
      const added = await request.post("/api/user/add", {
        data: STAFF,
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(added.ok()).toBe(true);
      const id = ((await added.json()) as { data: { id: number } }).data.id;
      const first = await linkFor(sink.messages, STAFF.email, 0);

      // The administrator sends a fresh link from Modify User; the first one stops working.
      await signInAsAdmin(page);
      await page.goto(`/Users/ModifyUser/${id}`);
      const sent = sink.messages.length;
      await page.getByRole("button", { name: "Send set-password link" }).click();
      await expect(toast(page, MESSAGES.passwordLinkSent)).toBeVisible();
      const link = await linkFor(sink.messages, STAFF.email, sent);
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL("/login");

      // The replaced link says so as the page opens, before anyone types a password.
      await page.goto(first);
      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.passwordLinkInvalid })).toBeVisible();
      await expect(page.getByRole("form", { name: "Set password" })).toHaveCount(0);

      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
      await expectAccessiblePage(page);
      const form = page.getByRole("form", { name: "Set password" });
      await form.getByLabel("New Password").fill("short1");
      await form.getByLabel("Confirm Password").fill("short1");
      await form.getByRole("button", { name: "Set Password" }).click();
      await expect(form.getByLabel("New Password")).toHaveAttribute("aria-invalid", "true");
      await form.getByLabel("New Password").fill(PASSWORD);
      await form.getByLabel("Confirm Password").fill(PASSWORD);
      await form.getByRole("button", { name: "Set Password" }).click();
      await expect(page.getByText(MESSAGES.passwordSet)).toBeVisible();
      await page.getByRole("link", { name: "Go to sign in" }).click();

      await page.getByRole("switch", { name: "Staff sign-in" }).check();
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(STAFF.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await page.getByRole("button", { name: "Logout" }).click();

      // The link was spent by its first use: the page says so at once.
      await page.goto(link);
      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.passwordLinkInvalid })).toBeVisible();
      await expect(page.getByRole("form", { name: "Set password" })).toHaveCount(0);
    } finally {
      await sink.close();
    }
  });
});
