import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./support/chromium.ts";
import { SMTP_SINK_PORT } from "./support/smtp-sink.ts";

// Browser journeys against the built app served by the real API (DESIGN §8). The build is done
// beforehand by the test script; this config only starts the server.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh embedded database per run. The config is also loaded by every worker process, so only the
// runner (which has no TEST_WORKER_INDEX) clears the folder, before it starts the server.
const dataDir = join(tmpdir(), `vetportal-e2e-${port}`);
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(dataDir, { recursive: true, force: true });

/**
 * Debian's Chromium, as its headless shell (decision 051: the same engine without the browser's
 * windows and UI, about a third less CPU a journey); the full browser when the shell is not
 * installed. CHROMIUM_PATH chooses another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** The journeys of a practice, run at desktop size and at 390×844 ("phone" project). */
const PRACTICE_JOURNEYS = /(sign-in|sign-up|place-order|reorder|checkout-prices|print)\.spec\.ts$/;

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Long journeys (several pages, each with an axe scan) take 30–60 s on the 2-core machine when it is busy.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // No traces: recording them (screencast frames, a DOM snapshot per action) made each journey
    // 15–20 % slower on the 2-core machine, for every test, to keep the few that fail. A failure
    // keeps its screenshot; `npx playwright test <spec> --trace on` records traces to look into one.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Browsers are never downloaded.
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    // The practice's journeys again on a phone (issue 22 §3); every page of both is in phone-pages.spec.ts.
    {
      name: "phone",
      testMatch: PRACTICE_JOURNEYS,
      // Their own "on a phone" tests already run at a phone size in the desktop project; staff sign-in is not a practice journey.
      grepInvert: /on a phone|administrator/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: "node ../apps/api/dist/server.js",
    cwd: import.meta.dirname,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Lets two suites run side by side on one checkout, each with its own web build.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
      // Always the embedded database, and mail only to the local sink a journey may start
      // (support/smtp-sink.ts), whatever the calling shell has set.
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
      PUBLIC_URL: baseURL,
      // The journeys sign the same practices in many times; throttling is covered by the API tests.
      LOGIN_RATE_LIMIT_PER_IP: "10000",
      LOGIN_RATE_LIMIT_PER_ACCOUNT: "10000",
    },
  },
});
