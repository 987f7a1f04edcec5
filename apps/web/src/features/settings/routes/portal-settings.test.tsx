import { screen, waitFor, within } from "@testing-library/react";
import { MESSAGES, type PortalSettings, PortalSettingsSchema, SETTINGS_MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { apiError, apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { PortalSettingsRoute } from "./portal-settings.tsx";

const DEFAULTS: PortalSettings = {
  support_phone: "800-555-0199",
  large_order_email: "orders@vetportal.example",
  pet_insurance_url: "https://www.example.com/pet-insurance",
  approval_remind_days: 2,
  approval_expire_days: 7,
  saved_at: null,
};

/** The page with its read answered: `current` is what the server holds (changed by a save). */
function openSettings() {
  signIn({ admin: true });
  let current = DEFAULTS;
  const query = apiOk("/api/settings/query", PortalSettingsSchema, () => current);
  const save = apiOk("/api/settings/save", PortalSettingsSchema, (body) => {
    current = { ...(body as PortalSettings), saved_at: "2026-11-28T18:30:00.000Z" };
    return current;
  });
  server.use(query.handler, save.handler);
  return { ...renderPage(<PortalSettingsRoute />, { path: "/admin/settings", url: "/admin/settings" }), query, save };
}

const form = () => screen.getByRole("form", { name: "Portal settings" });
const field = (name: RegExp) => within(form()).getByRole("textbox", { name });

describe("portal settings page", () => {
  it("shows the settings in force and saves a changed support phone", async () => {
    const { user, save, query } = openSettings();
    expect(await screen.findByRole("heading", { level: 1, name: "Portal Settings" })).toBeInTheDocument();
    expect(await screen.findByText("Not saved yet: the defaults configured on the server apply.")).toBeInTheDocument();
    expect(field(/Support phone/)).toHaveValue("800-555-0199");
    expect(field(/Expire an undecided approval/)).toHaveValue("7");
    await user.clear(field(/Support phone/));
    // Typed digits are masked as the other phone fields are.
    await user.type(field(/Support phone/), "4155550123");
    expect(field(/Support phone/)).toHaveValue("415-555-0123");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(save.calls.count).toBe(1));
    expect(save.calls.last).toEqual({ ...DEFAULTS, support_phone: "415-555-0123", saved_at: undefined });
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(await screen.findByText("Last saved 11/28/2026 10:30 AM PST.")).toBeInTheDocument();
    expect(query.calls.count).toBe(2);
    expect(field(/Support phone/)).toHaveValue("415-555-0123");
  });

  it("refuses plain mistakes before sending, each under its field, focus on the first", async () => {
    const { user, save } = openSettings();
    await screen.findByText(/Not saved yet/);
    await fill(user, field(/Support phone/), "555");
    await fill(user, field(/Pet-insurance link/), "http://insurance.example.com");
    await fill(user, field(/Remind approvers/), "9");
    await fill(user, field(/Expire an undecided approval/), "9");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(field(/Support phone/)).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.phoneFormat));
    expect(field(/Pet-insurance link/)).toHaveAccessibleDescription(
      expect.stringContaining(SETTINGS_MESSAGES.petInsuranceUrl),
    );
    expect(field(/Expire an undecided approval/)).toHaveAccessibleDescription(
      expect.stringContaining(SETTINGS_MESSAGES.expiryAfterReminder),
    );
    await waitFor(() => expect(field(/Support phone/)).toHaveFocus());
    await fill(user, field(/Remind approvers/), "");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(field(/Remind approvers/)).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.days));
    expect(save.calls.count).toBe(0);
  });

  it("puts the server's message under its field when it refuses a save", async () => {
    const { user } = openSettings();
    await screen.findByText(/Not saved yet/);
    server.use(
      apiError("/api/settings/save", 400, "VALIDATION_FAILED", "Check the highlighted fields.", {
        large_order_email: MESSAGES.invalidEmailFormat,
      }).handler,
    );
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(field(/Large-order email/)).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.invalidEmailFormat),
      ),
    );
    expect(await screen.findByText("Check the highlighted fields.")).toBeInTheDocument();
  });
});
