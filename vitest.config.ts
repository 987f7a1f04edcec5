import { defineConfig } from "vitest/config";

// Unit and API tests. The API suite runs on PGlite always and again on a PostgreSQL server when
// TEST_DATABASE_URL is set (scripts/test.sh starts one). See docs/testing.md.
const api = {
  root: "apps/api",
  include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  globalSetup: ["test/global-setup.ts"],
  setupFiles: ["test/setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; most API files wait on a database or a
    // child process, so two run side by side in about 70 % of the time.
    maxWorkers: 2,
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      // The architecture check on its fixture trees (scripts/test/).
      { test: { name: "tools", root: "scripts", include: ["test/**/*.test.ts"] } },
      // The web's pure logic (URL state, quantity rules); pages are covered by the Playwright journeys.
      { test: { name: "web", root: "apps/web", include: ["src/**/*.test.ts"] } },
      {
        test: { ...api, name: "api:pglite", exclude: ["test/postgres-*.test.ts"], env: { TEST_DRIVER: "pglite" } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...api,
                name: "api:postgres",
                // The process test covers the embedded default; its server-side twin is postgres-outage.
                // pglite-*.test.ts cover the embedded engine's worker thread.
                exclude: ["test/process.test.ts", "test/pglite-*.test.ts"],
                env: { TEST_DRIVER: "pg" },
              },
            },
          ]
        : []),
    ],
  },
});
