import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { type ApiUnderTest, startApi, stopProcess } from "./api-under-test.ts";
import { withBrowser } from "./portal-tab.ts";

/**
 * `use` gets a tab at Lighthouse's mobile viewport, signed in by `signIn` (portal-tab.ts: the demo
 * practice, or the administrator as lighthouse.ts audits the order report), the API under test
 * running on PGlite with the demo data meanwhile (page-trace.ts, prerendered-copy.ts).
 */
export async function withPhoneTab<T>(
  api: ApiUnderTest,
  signIn: (tab: Page, baseUrl: string) => Promise<void>,
  use: (tab: Page, baseUrl: string) => Promise<T>,
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
      await signIn(tab, running.base);
      return await use(tab, running.base);
    });
  } finally {
    await stopProcess(running.child);
  }
}
