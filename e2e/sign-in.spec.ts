import { MESSAGES, STORAGE_KEYS } from "@vetportal/contract";
import {
  ADMIN,
  categoryLinks,
  expect,
  logOut,
  openMainLink,
  PRACTICES,
  signInAdminWithForm,
  signInAsPractice,
  signInWithForm,
  test,
} from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

test.describe("sign-in", () => {
  // Every page shown passes axe and is whole, at desktop size and at 390×844 (issue 22 §3).
  test.use({ checkEveryPage: true });

  test("a practice signs in with name, address and zip, lands on Products, and signs out to /login", async ({
    page,
  }) => {
    await signInWithForm(page, PRACTICES.happyPaws);

    await expect(page).toHaveURL("/");
    await expect(page).toHaveTitle(/Products/);
    expect(await categoryLinks(page)).toContain("/category/2100");
    await expect(page.getByRole("link", { name: /New Client Kits/ })).toHaveAttribute("href", "/category/2100");
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
    expect(JSON.parse(stored ?? "null")).toMatchObject({ displayName: PRACTICES.happyPaws.name, registered: true });

    await logOut(page);
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    const keys = await page.evaluate(
      (names) => names.map((name) => localStorage.getItem(name)),
      Object.values(STORAGE_KEYS),
    );
    expect(keys).toEqual([null, null, null]);

    // Signed out means signed out: the shell is not reachable any more.
    await page.goto("/");
    await expect(page).toHaveURL("/login");
  });

  test.describe("with a wrong practice", () => {
    test.use({ allowedConsoleErrors: /status of 401/ });

    test("shows the Oops alert and keeps what was typed", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Practice Name").fill("Happy Paws Veterinary Clinic");
      await page.getByLabel("Address").fill("120 Market Street");
      await page.getByLabel("Zip Code").fill("10001");
      await page.getByRole("button", { name: "Sign In" }).click();

      const alert = page.getByRole("alert").filter({ hasText: MESSAGES.loginFailedTitle });
      await expect(alert).toContainText(MESSAGES.loginFailed);
      await expect(page).toHaveURL("/login");
      await expect(page.getByLabel("Practice Name")).toHaveValue("Happy Paws Veterinary Clinic");
      await expect(page.getByLabel("Zip Code")).toHaveValue("10001");
      await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
      await expectPageOk(page, "login refused", { once: true });
    });

    test("staff with a wrong password get the staff message", async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("switch", { name: "Staff sign-in" }).check();
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(ADMIN.email);
      await page.getByLabel(/^Password/).fill("not-the-password1");
      await page.getByRole("button", { name: "Sign In" }).click();

      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.loginFailedTitle })).toContainText(
        MESSAGES.staffLoginFailed,
      );
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(ADMIN.email);
      await expectPageOk(page, "staff login refused", { once: true });
    });
  });

  test("empty practice fields are refused in the browser with the contract's messages", async ({ page }) => {
    let authCalls = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth") authCalls += 1;
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page.getByText(MESSAGES.practiceNameRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.addressRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.zipRequired)).toBeVisible();
    await expect(page.getByLabel("Practice Name")).toHaveAttribute("aria-invalid", "true");
    expect(authCalls).toBe(0);
    await expectPageOk(page, "login with empty fields");
  });

  test("an administrator signs in through Staff sign-in and gets the Reports menu", async ({ page }) => {
    await signInAdminWithForm(page);

    await page.getByRole("button", { name: "Reports" }).click();
    const menu = page.getByRole("menu");
    for (const name of ["Users", "Account", "Departments", "Cost Center", "Products", "Orders", "Inventories"]) {
      await expect(menu.getByRole("menuitem", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("menuitem", { name: "Users" })).toHaveAttribute("href", "/userreport");
    await expect(menu.getByRole("menuitem", { name: "Inventories" })).toHaveAttribute(
      "href",
      "/reports/orderreport?tab=inventory",
    );

    // An administrator is let through to the admin area (no Access Denied).
    await menu.getByRole("menuitem", { name: "Users" }).click();
    await expect(page).toHaveURL("/userreport");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Access Denied");
    await expectPageOk(page, "users");
  });

  test("an unauthenticated visitor is sent to /login, which keeps the page asked for", async ({ page }) => {
    await page.goto("/orders");
    await expect(page).toHaveURL("/login?next=%2Forders");
    await expect(page.getByLabel("Practice Name")).toBeVisible();
    await expectPageOk(page, "login", { once: true });
  });

  test.describe("when the server no longer accepts the session", () => {
    test.use({ allowedConsoleErrors: /status of 401/ });

    test("the next call logs out and sends the user to /login", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      const session = JSON.parse(
        (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)) ?? "{}",
      );
      // Off the app while the session is revoked: a request of the open page (home still loading
      // its data on a busy machine) could otherwise meet the 401 first, and the reload would then
      // wipe the toast it showed.
      await page.goto("/api/health");
      const revoked = await page.request.post("/api/auth/logout", {
        headers: { Authorization: `Bearer ${session.idToken}` },
      });
      expect(revoked.ok()).toBe(true);

      await page.goto("/");
      await expect(page).toHaveURL("/login");
      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.sessionExpired })).toBeVisible();
      await expectPageOk(page, "login after the session ended", { once: true });
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
    });
  });

  test("a stored session past its expiry date is dropped at start-up", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key) ?? "{}");
      localStorage.setItem(
        key,
        JSON.stringify({ ...session, expireDate: new Date(Date.now() - 60_000).toISOString() }),
      );
    }, STORAGE_KEYS.session);

    await page.reload();
    await expect(page).toHaveURL("/login");
    await expectPageOk(page, "login", { once: true });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  });

  test("a ?next= whose dot segments normalise to another host opens home, not an error", async ({ page }) => {
    for (const next of ["/.//evil.example", "/..//evil.example/orders", "/%2e%2e//evil.example"]) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expectPageOk(page, "login", { once: true });
      await page.getByLabel("Practice Name").fill(PRACTICES.happyPaws.name);
      await page.getByLabel("Address").fill(PRACTICES.happyPaws.address);
      await page.getByLabel("Zip Code").fill(PRACTICES.happyPaws.zip);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await expect(page).toHaveURL("/");
      await expectPageOk(page, "home", { once: true });
      await logOut(page);
      await expect(page).toHaveURL("/login");
    }
  });

  test.describe("when a retired refresh token ends the session", () => {
    // The test ends the session on purpose while the page is open: a call the page makes after that
    // is answered 401, which the browser logs.
    test.use({ allowedConsoleErrors: /status of 401/ });
    test("a refresh stores the rotated refresh token, so the next refresh works too (decision 026)", async ({
      page,
    }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      const stored = async () =>
        JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)) ?? "{}") as {
          idToken: string;
          refreshToken: string;
        };
      /** Makes the stored session due in a minute and reloads: the page refreshes it as it starts. */
      const refreshOnReload = async () => {
        const before = await stored();
        await page.evaluate(
          ([key, expireDate]) => {
            const session = JSON.parse(localStorage.getItem(key) ?? "{}");
            localStorage.setItem(key, JSON.stringify({ ...session, expireDate }));
          },
          [STORAGE_KEYS.session, new Date(Date.now() + 60_000).toISOString()] as const,
        );
        await page.reload();
        await expect.poll(async () => (await stored()).refreshToken).not.toBe(before.refreshToken);
        return before;
      };
      const first = await refreshOnReload();
      // With the retired refresh token stored, this second refresh would end the session.
      await refreshOnReload();
      await openMainLink(page, "Orders");
      await expect(page).toHaveURL("/orders");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectPageOk(page, "my orders", { once: true });
      // The first refresh token was retired: presenting it now ends the session for everyone.
      const reused = await page.request.post("/api/auth/refresh", { data: { refresh_token: first.refreshToken } });
      expect(reused.status()).toBe(401);
      const current = await stored();
      const after = await page.request.post("/api/useradmin/previlege", {
        headers: { Authorization: `Bearer ${current.idToken}` },
      });
      expect(after.status()).toBe(401);
    });
  });
});
