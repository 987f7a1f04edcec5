import { CATEGORY, MESSAGES } from "@vetportal/contract";
import { categoryLinks, expect, PRACTICES, signInAsPractice, test } from "./support/fixtures.ts";

test.describe("the signed-in shell", () => {
  test("a practice has no Reports menu and gets Access Denied on an admin page", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Products" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart/preview");
    await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/orders");
    await expect(page.getByRole("button", { name: "Reports" })).toHaveCount(0);

    await page.goto("/userreport");
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.getByText(MESSAGES.forbidden)).toBeVisible();
    await expect(page.getByText(MESSAGES.forbiddenCode)).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  });

  test("the header search opens /category/{encoded text} and ignores blank text", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const search = page.getByRole("searchbox", { name: "Search products" });

    await search.fill("   ");
    await search.press("Enter");
    await expect(page).toHaveURL("/");

    await search.fill("dental care & more");
    await search.press("Enter");
    await expect(page).toHaveURL(`/category/${encodeURIComponent("dental care & more")}`);

    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search products" }).fill("flea");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/category/flea");
  });

  test("an unknown path shows the not-found screen with a way home", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  });

  test("a New York practice sees its own category set", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.hudsonValley);
    const links = await categoryLinks(page);
    expect(links).toContain(`/category/${CATEGORY.NY_ONLY}`);
    expect(links).not.toContain(`/category/${CATEGORY.NON_NY}`);
    expect(links.at(-1)).toBe(`/category/${CATEGORY.SHARING}`);
  });

  test("a California practice sees the non-NY category set", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const links = await categoryLinks(page);
    expect(links).toContain(`/category/${CATEGORY.NON_NY}`);
    expect(links).not.toContain(`/category/${CATEGORY.NY_ONLY}`);
  });

  test("the pet-insurance banner opens the external page in a new tab", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const banner = page.getByRole("link", { name: /Pet insurance/ });
    await expect(banner).toHaveAttribute("target", "_blank");
    await expect(banner).toHaveAttribute("rel", /noopener/);
    await expect(banner).toHaveAttribute("href", /^https?:\/\//);
  });

  test("Back to top appears after scrolling and returns to the top", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    const backToTop = page.getByRole("button", { name: "Back to top" });
    await expect(backToTop).toHaveCount(0);

    await page.mouse.wheel(0, 600);
    await expect(backToTop).toBeVisible();
    // In the sticky header, never floating over the page (decision 036).
    await expect(page.getByRole("banner").getByRole("button", { name: "Back to top" })).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe("when a page chunk cannot be downloaded", () => {
    test.use({ allowedConsoleErrors: /Failed to load resource|dynamically imported module/ });

    test("offers a reload", async ({ page }) => {
      await signInAsPractice(page, PRACTICES.happyPaws);
      // The search results page is its own chunk (category-<hash>.js).
      await page.route(/\/assets\/category-[A-Za-z0-9_-]{8}\.js$/, (route) => route.abort());
      await page.getByRole("searchbox", { name: "Search products" }).fill("anything");
      await page.getByRole("searchbox", { name: "Search products" }).press("Enter");

      await expect(page.getByRole("heading", { level: 1, name: MESSAGES.chunkLoadFailed })).toBeVisible();
      await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    });
  });
});

test.describe("Customer Service", () => {
  test("refuses an empty form without sending it, then sends a complete one", async ({ page }) => {
    let sent = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/support/add") sent += 1;
    });
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.getByRole("button", { name: "Customer Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Customer Service" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(MESSAGES.supportHours)).toBeVisible();

    await dialog.getByLabel("Your Name").fill("");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByLabel("Your Name")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Please describe the issue")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toBe(0);

    await dialog.getByLabel("Your Name").fill("Maria Lopez");
    await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("maria@happypaws.com");
    await dialog.getByLabel("Phone").fill("4155550123");
    await expect(dialog.getByLabel("Phone")).toHaveValue("415-555-0123");
    await dialog.getByLabel("Area you are having issue with").selectOption("Shopping Cart");
    await dialog.getByLabel("Please describe the issue").fill("The cart does not keep my quantities.");
    await dialog.getByRole("button", { name: "Send" }).click();

    await expect(page.getByRole("alert").filter({ hasText: MESSAGES.supportSubmitted })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(sent).toBe(1);
  });
});

test.describe("a first visit (decision 034)", () => {
  test("a page opened by its address starts at the top; a reload keeps the position", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto("/orders");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^Order #\d+$/ })
        .first(),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Another page opened by its address in the same tab: not scrolled to where My Orders was left.
    await page.goto("/");
    await expect(page.getByRole("main").getByRole("link", { name: /Pet insurance/ })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.reload();
    await expect(page.getByRole("main").getByRole("link", { name: /Pet insurance/ })).toBeVisible();
    // Restored near where it was left: the header's allowance chip, which loads after the page,
    // can move the restored position by a line (329 px was seen in CI), never back to the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
  });

  // My Orders' rows are drawn a few a frame (useInBatches): the whole page must be there to return to.
  for (const [device, viewport] of [
    ["a laptop", { width: 1280, height: 800 }],
    ["a phone", { width: 390, height: 844 }],
  ] as const) {
    test(`a step back or a reload returns to the order My Orders was left at, on ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAsPractice(page, PRACTICES.happyPaws);
      await page.goto("/orders");
      const orders = page.getByRole("main").getByRole("link", { name: /^Order #\d+$/ });
      await expect(orders).toHaveCount(25);
      const twentieth = orders.nth(19);
      const name = (await twentieth.getAttribute("aria-label")) ?? "";
      await twentieth.scrollIntoViewIfNeeded();
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(400);

      const backAtTheOrder = async () => {
        await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeInViewport();
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThan(100);
      };
      await twentieth.click();
      await expect(page).toHaveURL(/\/order\/\d+\/2$/);
      await page.goBack();
      await backAtTheOrder();
      await page.reload();
      await backAtTheOrder();
    });
  }

  test("a signed-in page loads as the entry, the shell and its own chunk, preloaded together", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto("/cart/preview");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const loaded = await page.evaluate(() => ({
      // Resource timing lists what this document used, from the HTTP cache or not.
      scripts: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith(".js")),
      // Only the boot script asks for a stylesheet with rel=preload (Vite's helper adds rel=stylesheet).
      preloaded: Array.from(document.querySelectorAll("link[rel=preload][as=style], link[rel=modulepreload]")).map(
        (link) => link.getAttribute("href"),
      ),
    }));
    // The boot script is in index.html itself (no request of its own): three scripts in all.
    expect(loaded.scripts.map((path) => path.replace(/-[\w-]{8}\.js$/, ""))).toEqual(
      expect.arrayContaining(["/assets/index", "/assets/shell", "/assets/cart-preview"]),
    );
    expect(loaded.scripts).toHaveLength(3);
    // The entry asks V8 to compile its functions while it streams in (build/compile-hints.ts).
    const entry = loaded.scripts.find((path) => /^\/assets\/index-[\w-]{8}\.js$/.test(path));
    const entrySource = await (await page.request.get(entry ?? "/assets/index.js")).text();
    expect(entrySource.split("\n", 1)[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(loaded.preloaded).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/shell-[\w-]{8}\.css$/),
        expect.stringMatching(/^\/assets\/cart-preview-[\w-]{8}\.js$/),
      ]),
    );
  });

  test("the splash paints before the code, and the first contentful paint is the page's own", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    // The entry held back: what the document paints on its own (decision 034, lever 60).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/orders", { waitUntil: "commit" });
    await expect(page.getByRole("status", { name: "Loading Vet Portal" })).toBeVisible();
    const paints = () =>
      page.evaluate(() => performance.getEntriesByType("paint").map((entry) => entry.name as string));
    // The badge is painted, and it is neither an image nor text: no contentful paint yet.
    await expect.poll(paints).toEqual(["first-paint"]);
    release();
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    await expect.poll(paints).toEqual(["first-paint", "first-contentful-paint"]);
  });

  test("the first data comes with the code, and the first paint already shows it", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await page.goto("/orders");
    const orderPath = await page
      .getByRole("main")
      .getByRole("link", { name: /^Order #\d+$/ })
      .first()
      .getAttribute("href");
    // What the page holds when React first fills #root (the boot logo replaced by the layout).
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const main = document.querySelector("main");
        if (!main) return;
        observer.disconnect();
        const record = window as unknown as Record<string, unknown>;
        record.firstPaint = {
          chip: document.querySelector("[data-testid=allowance-chip]")?.textContent ?? null,
          heading: main.querySelector("h1")?.textContent ?? null,
          address: main.querySelector("address")?.textContent ?? null,
        };
      }).observe(document, { childList: true, subtree: true });
    });
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/")) requests.push(new URL(request.url()).pathname);
    });
    await page.goto(orderPath ?? "/orders");
    await expect(page.getByTestId("allowance-chip")).toBeVisible();
    const first = await page.evaluate(() => (window as unknown as Record<string, unknown>).firstPaint);
    // The header's chip and the order are there from the first paint: nothing pushes the page down.
    expect(first).toEqual({
      chip: expect.stringMatching(/^Client education: (\d+ of \d+ packs left|\d+ packs? over) this quarter$/),
      heading: "Your Order Details",
      address: expect.stringContaining("120 Market Street"),
    });
    // The boot script's requests were used, not sent again by the page (the order is asked again
    // after it is shown: its status is always checked when the page opens).
    expect(requests.filter((path) => path === "/api/allowance/query")).toHaveLength(1);
    expect(requests.filter((path) => path === "/api/settings")).toHaveLength(1);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the navigation moves into a menu drawer", async ({ page }) => {
    await signInAsPractice(page, PRACTICES.happyPaws);
    await expect(page.getByRole("link", { name: "Orders" })).toBeHidden();
    // The Cart stays in the header, outside the menu (issue 22 §3).
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toBeVisible();

    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL("/orders");
    await expect(drawer).toBeHidden();

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
