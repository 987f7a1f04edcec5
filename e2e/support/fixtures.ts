import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { type LoginResponse, LoginResponseSchema, STORAGE_KEYS, type StoredSession } from "@vetportal/contract";
import { expectPageOk, watchPages } from "./page-checks.ts";

/** Demo practices and staff user loaded into every fresh database (apps/api seed). */
export const PRACTICES = {
  /** San Francisco, CA: sees category 2100, not 2217. */
  happyPaws: { name: "Happy Paws Veterinary Clinic", address: "120 Market Street", zip: "94105" },
  /** Poughkeepsie, NY: sees category 2217, not 2100. */
  hudsonValley: { name: "Hudson Valley Animal Hospital", address: "45 River Road", zip: "12601" },
} as const;
/** A practice's address sign-in (any demo practice: README "Demo accounts", apps/api/src/db/seed/demo-people.ts). */
export interface Practice {
  readonly name: string;
  readonly address: string;
  readonly zip: string;
}

export const ADMIN = { email: "admin@vetportal.example", password: "VetPortal2026" } as const;

interface Fixtures {
  /** Console errors a test expects (for example the browser's own line for an expected 401). */
  allowedConsoleErrors: RegExp | undefined;
  failOnConsoleErrors: undefined;
  emptyCarts: undefined;
  /**
   * Every page the test shows must be checked with `expectPageOk` (axe, whole at the window's
   * width): on for the practice's journeys, which run at desktop size and at 390×844 (issue 22 §3).
   */
  checkEveryPage: boolean;
  pageWatch: undefined;
}

/** The demo users the journeys sign in as, in the API's sign-in shapes. */
const DEMO_SIGN_INS = [
  ...Object.values(PRACTICES).map((p) => ({
    method: "address",
    address_name: p.name,
    line1: p.address,
    zip_code: p.zip,
  })),
  { method: "password", ...ADMIN },
];

/**
 * The journeys place dozens of orders as the demo practices in one run: with the demo programme's
 * 40 packs a quarter (issue 23), later orders would go Pending Approval and journeys that expect
 * Active would fail by the order they run in. The run lets the programme's overage through before
 * each test; approvals.spec.ts sets "needs approval" for its own checkout test, and its approve and
 * reject tests use the flagged Brooklyn practice. The rules themselves are covered by the API tests.
 */
async function programmeAllowsOverage(request: APIRequestContext, token: string) {
  await setProgrammesOverBalance(request, token, "allow");
}

/**
 * Sets what happens over the balance in every programme of the demo customer (administrator's token).
 * The approval journeys set "approval" for their own test; the next test's fixture sets "allow" again.
 */
export async function setProgrammesOverBalance(
  request: APIRequestContext,
  token: string,
  over: "refuse" | "approval" | "allow",
) {
  const headers = { authorization: `Bearer ${token}` };
  const listed = await request.post("/api/allowance/programme/list", { data: {}, headers });
  expect(listed.ok(), "listing the demo programmes").toBe(true);
  const programmes = ((await listed.json()) as { data: Record<string, unknown>[] }).data;
  const formKeys = ["id", "name", "period", "unit", "scope", "scope_ids", "rollover", "warning_percent"];
  for (const p of programmes.filter((x) => x.over_balance !== over)) {
    const form = Object.fromEntries(formKeys.map((k) => [k, p[k]]));
    const data = { ...form, default_allotted: p.default_allotted, active: p.active, over_balance: over };
    const updated = await request.post("/api/allowance/programme/update", { data, headers });
    expect(updated.ok(), `setting programme ${p.id}'s overage to ${over}: ${await updated.text()}`).toBe(true);
  }
}

/** Signs a demo user in through the API (the shapes of DEMO_SIGN_INS) and answers its access token. */
export async function apiToken(request: APIRequestContext, signIn: Record<string, unknown>): Promise<string> {
  return (await apiSignIn(request, signIn)).access_token;
}

/** A new session of a demo user through the API (the shapes of DEMO_SIGN_INS): the whole sign-in answer. */
async function apiSignIn(request: APIRequestContext, signIn: Record<string, unknown>): Promise<LoginResponse> {
  const auth = await request.post("/api/auth", { data: signIn });
  // Names the user, never the body: it carries the password of a staff sign-in.
  expect(auth.ok(), `sign-in of ${String(signIn.email ?? signIn.address_name)}`).toBe(true);
  return LoginResponseSchema.parse(await auth.json());
}

/** A practice's sign-in in the API's shape. */
export const practiceSignIn = (p: Practice) => ({
  method: "address",
  address_name: p.name,
  line1: p.address,
  zip_code: p.zip,
});

/** The demo practice whose every order waits for approval (the seed's flagged practice). */
export const BROOKLYN: Practice = { name: "Brooklyn Heights Pet Clinic", address: "210 Atlantic Avenue", zip: "11201" };

/** An order of the flagged practice, placed through the API: it waits for approval. Answers its id. */
export async function brooklynOrderWaiting(request: APIRequestContext): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request, practiceSignIn(BROOKLYN))}` };
  // 144518: New York's own programme, which a Brooklyn practice sees.
  const product = await request.post("/api/product/query", { data: { id: 144518 }, headers });
  const { min_quantity } = (await product.json()).data as { min_quantity: number };
  const placed = await request.post("/api/order/add", {
    headers,
    data: {
      contact_name: "Aisha Khan",
      contact_phone: "718-555-0142",
      email: "front@brooklynheights.test",
      delivery_method_id: 1,
      items: [{ id: 144518, quantity: min_quantity }],
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return (await placed.json()).data as number;
}

/** A stray console error or uncaught page error fails the test (STYLE §8). */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [undefined, { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowedConsoleErrors?.test(text)) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
  checkEveryPage: [false, { option: true }],
  pageWatch: [
    async ({ page, checkEveryPage }, use, testInfo) => {
      if (!checkEveryPage) return use(undefined);
      const expectEveryPageChecked = await watchPages(page);
      await use(undefined);
      // A test that failed already says why; the list of unchecked pages would only add noise.
      if (testInfo.status === testInfo.expectedStatus) expectEveryPageChecked();
    },
    { auto: true },
  ],
  // The cart is kept on the server and follows a user to every browser (issue 11), so a line one
  // journey leaves would appear in the next one's cart: each journey starts with them empty.
  emptyCarts: [
    async ({ request }, use) => {
      for (const signIn of DEMO_SIGN_INS) {
        const access_token = await apiToken(request, signIn);
        const emptied = await request.post("/api/cart/replace", {
          data: { items: [] },
          headers: { authorization: `Bearer ${access_token}` },
        });
        expect(emptied.ok(), "emptying the demo user's server cart").toBe(true);
        if (signIn.method === "password") await programmeAllowsOverage(request, access_token);
      }
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Signs in through the sign-in form, as a person does, and lands on Products. For the journeys
 * whose subject is the form; every other journey starts signed in with `signInAsPractice`.
 */
export async function signInWithForm(page: Page, practice: Practice): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Practice Name").fill(practice.name);
  await page.getByLabel("Address").fill(practice.address);
  await page.getByLabel("Zip Code").fill(practice.zip);
  await expectPageOk(page, "login", { once: true });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expectPageOk(page, "home", { once: true });
}

/** Staff sign-in through the form (the "Staff sign-in" switch, email and password); lands on Products. */
export async function signInAdminWithForm(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByRole("switch", { name: "Staff sign-in" }).check();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await expectPageOk(page, "staff login", { once: true });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expectPageOk(page, "staff home", { once: true });
}

/**
 * Opens Products signed in, as a returning user's browser does: a new session from the API (its
 * own, so a journey's sign-out or token refresh touches no other journey's), stored under the web's
 * keys as its sign-in stores it (apps/web/src/features/auth/api/login.ts), then the page loaded.
 * About a second quicker than the form, in every journey (docs/testing.md).
 */
async function openSignedIn(page: Page, signIn: Record<string, unknown>, label: string): Promise<void> {
  const login = await apiSignIn(page.request, signIn);
  const granted = await page.request.post("/api/useradmin/previlege", {
    data: {},
    headers: { authorization: `Bearer ${login.access_token}` },
  });
  expect(granted.ok(), "the new session's privileges").toBe(true);
  const { profile } = login;
  const session: StoredSession = {
    displayName:
      profile.representation ||
      [profile.first_name, profile.last_name].filter(Boolean).join(" ") ||
      profile.email ||
      "",
    username: profile.email ?? profile.representation ?? "",
    expireDate: login.expireDate,
    expiresIn: login.expiresIn,
    userid: profile.user_id,
    idToken: login.access_token,
    refreshToken: login.data,
    registered: true,
  };
  const stored = {
    [STORAGE_KEYS.session]: JSON.stringify(session),
    [STORAGE_KEYS.profile]: JSON.stringify(profile),
    [STORAGE_KEYS.privileges]: JSON.stringify(((await granted.json()) as { data: unknown }).data),
  };
  // Any document of the portal's origin gives its localStorage; this one starts no app.
  await page.goto("/api/health");
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expectPageOk(page, label, { once: true });
}

/** Signed in as the practice, on Products (the form is sign-in.spec.ts's subject: `signInWithForm`). */
export async function signInAsPractice(page: Page, practice: Practice): Promise<void> {
  await openSignedIn(page, practiceSignIn(practice), "home");
}

/** Signed in as the demo administrator, on Products. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await openSignedIn(page, { method: "password", ...ADMIN }, "staff home");
}

/** The href of every category tile on the home page, in page order. */
export async function categoryLinks(page: Page): Promise<string[]> {
  const main = page.getByRole("main");
  // Tile names are the page's second-level headings; wait for the first before reading links.
  await expect(main.getByRole("heading", { level: 2 }).first()).toBeVisible();
  const hrefs = await main
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.filter((href) => href.startsWith("/category/"));
}

/**
 * The header's Cart link with its count: in the Main navigation on a wide screen, beside the menu
 * button on a phone (issue 22 §3). Only one of the two is visible at a time.
 */
export function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart/ }).filter({ visible: true });
}

/** Follows a link of the Main navigation: in the header on a wide screen, in the menu drawer on a phone. */
export async function openMainLink(page: Page, name: string): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (await nav.isVisible()) {
    await nav.getByRole("link", { name }).click();
    return;
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name }).click();
  // The drawer closes with a transition; until it has, its links still read as the page's navigation.
  await expect(menu).toBeHidden();
}

/** Logout: in the header on a wide screen, in the menu drawer on a phone. */
export async function logOut(page: Page): Promise<void> {
  const logout = page.getByRole("button", { name: "Logout" });
  if (!(await logout.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
}
