import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { type ApiUnderTest, startApi, stopProcess } from "./api-under-test.ts";
import { signInAsAdmin, signInAsPractice, withBrowser } from "./portal-tab.ts";

/**
 * `use` gets a tab signed in as the demo practice (or, `asAdmin`, the demo administrator, as
 * lighthouse.ts audits the order report) at Lighthouse's mobile viewport, the API under test running
 * on PGlite with the demo data meanwhile (page-trace.ts, prerendered-copy.ts).
 */
export async function withPracticeOnPhone<T>(
  api: ApiUnderTest,
  use: (tab: Page, baseUrl: string) => Promise<T>,
  asAdmin = false,
) {
  const running = await startApi(api.serverJs, {
    DATA_DIR: mkdtempSync(join(tmpdir(), "vetportal-phone-")),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    LOGIN_RATE_LIMIT_PER_IP: "10000",
  });
  try {
    return await withBrowser(process.env.CHROME_PATH ?? "/usr/bin/chromium", async (_browser, tab) => {
      await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await (asAdmin ? signInAsAdmin : signInAsPractice)(tab, running.base);
      return await use(tab, running.base);
    });
  } finally {
    await stopProcess(running.child);
  }
}
