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
  // One module graph per worker: the API's modules load once, not once per file (api:pglite ran in
  // 304 s instead of 433). Every file opens its own database and app (test/helpers.ts).
  isolate: false,
};

/**
 * Files that replace one of the API's modules with `vi.mock`: the mock must be in place before the
 * module is first imported, so they get module graphs of their own (the ":own-modules" projects).
 */
const OWN_MODULE_GRAPH = ["test/serializer.test.ts", "test/token-hardening.test.ts"];

/** The API's test files on one driver: two projects, the shared module graph and OWN_MODULE_GRAPH's. */
function apiProjects(name: string, driver: "pglite" | "pg", exclude: string[]) {
  const env = { TEST_DRIVER: driver };
  return [
    { test: { ...api, name, exclude: [...exclude, ...OWN_MODULE_GRAPH], env } },
    { test: { ...api, name: `${name}:own-modules`, include: OWN_MODULE_GRAPH, isolate: true, env } },
  ];
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; most API files wait on a database or a
    // child process, so two run side by side in about 70 % of the time.
    maxWorkers: 2,
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      // The architecture check on its fixture trees (scripts/test/).
      { test: { name: "tools", root: "scripts", include: ["test/**/*.test.ts"] } },
      // The web's pure logic (URL state, quantity rules), under Node: fast.
      { test: { name: "web", root: "apps/web", include: ["src/**/*.test.ts"] } },
      // The web's components and pages in jsdom with Testing Library, the API mocked at the fetch
      // level with MSW (apps/web/src/test/, docs/testing.md "Web DOM tests").
      {
        test: {
          name: "web:dom",
          root: "apps/web",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // Room for a loaded 2-core machine; a test takes well under a second on its own.
          testTimeout: 15_000,
          // One module graph per worker: Mantine and jsdom load once, not once per file (half the
          // CPU time). Each test leaves nothing behind (test/setup.ts empties the DOM, the session,
          // the cart, the storages and the toasts).
          isolate: false,
        },
      },
      ...apiProjects("api:pglite", "pglite", ["test/postgres-*.test.ts"]),
      // The process test covers the embedded default; its server-side twin is postgres-outage.
      // pglite-*.test.ts cover the embedded engine's worker thread.
      ...(process.env.TEST_DATABASE_URL
        ? apiProjects("api:postgres", "pg", ["test/process.test.ts", "test/pglite-*.test.ts"])
        : []),
    ],
  },
});
