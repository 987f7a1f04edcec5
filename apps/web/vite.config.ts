import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { CART_STORAGE_KEY, STORAGE_KEYS } from "../../packages/contract/src/storage.ts";
import { type BootPreloadOptions, bootPreload } from "./build/boot-preload.ts";
import { chunkPlan } from "./build/chunk-groups.ts";
import { compileHints } from "./build/compile-hints.ts";
import { mantineCssPerComponent } from "./build/mantine-css.ts";
import { precompress } from "./build/precompress.ts";
import { pureContract } from "./build/pure-contract.ts";
import { storageMark } from "./build/storage-mark.ts";
import { trimDependencies } from "./build/trim-dependencies.ts";

// The API serves /api and /media on port 3000 (DESIGN §1); in development Vite proxies both so the
// browser sees one origin, exactly as in production where the API also serves this build.
const apiOrigin = "http://localhost:3000";

const routerProductionBuild = fileURLToPath(
  import.meta.resolve("react-router").replace("/development/", "/production/"),
);

const src = (path: string) => new URL(`src/${path}`, import.meta.url).pathname;

// What every signed-in page loads: the layout, React Query's and the stored session's schemas.
const shell = [src("app/layouts/app-layout.tsx"), src("app/layouts/query-layout.tsx"), src("lib/session-schemas.ts")];
// The sign-in page: what it shares with the shell or a practice page goes into the entry chunk.
const signIn = [src("features/auth/routes/login.tsx"), src("app/layouts/public-layout.tsx")];
// Issue 22 §1's pages, by their paths in router.tsx: what one of them shares with any other page goes
// into the shell, and a signed-in first visit preloads the page's chunk (build/boot-preload.ts).
const practicePages = {
  "^/$": src("features/catalog/routes/home.tsx"),
  "^/category/": src("features/catalog/routes/category.tsx"),
  "^/product/": src("features/catalog/routes/product.tsx"),
  "^/cart/preview/?$": src("features/cart/routes/cart-preview.tsx"),
  "^/cart/shipping/?$": src("features/cart/routes/shipping.tsx"),
  "^/orders/?$": src("features/orders/routes/orders.tsx"),
  "^/order/": src("features/orders/routes/order-detail.tsx"),
};
// Other pages whose chunks a signed-in first visit preloads, grouped as the practice pages are: what
// one shares with a practice page goes into the shell, what it shares only with other pages into its
// own chunk, so it loads as the entry, the shell and one chunk (decision 034, lever 30).
const preloadedPages = {
  "^/reports/orderreport/?$": src("app/routes/order-report.tsx"),
};

// Pages whose chunks (with the chunks they import) a signed-in first visit preloads, not grouped as the
// practice pages are: what two of them share stays in a chunk of its own, not in every page's shell;
// what one shares with a single practice page goes into the shell rather than into that page's chunk,
// which it would otherwise load whole for a piece of it (decision 034, lever 38).
const otherPreloadedPages = {
  "^/account/brand/?$": src("features/account/routes/brand.tsx"),
  // Issue 23's pages (decision 034, levers 37 and 41).
  "^/allowance/?$": src("features/allowances/routes/allowance.tsx"),
  "^/quick-order/?$": src("features/cart/routes/quick-order.tsx"),
  "^/approvals/?$": src("features/approvals/routes/approvals-queue.tsx"),
  "^/admin/order-for/?$": src("features/order-for/routes/order-for.tsx"),
  "^/admin/audit/?$": src("features/audit/routes/audit-log.tsx"),
  "^/approvals/\\d+/?$": src("features/approvals/routes/approval-decision.tsx"),
  "^/admin/approval-rules/?$": src("features/approvals/routes/approval-rules.tsx"),
  "^/admin/allowances/?$": src("features/allowances/routes/admin-programmes.tsx"),
  "^/admin/allowances/\\d+/?$": src("features/allowances/routes/admin-grid.tsx"),
  // Issue 24's template editor.
  "^/Product/Template/\\d+/?$": src("features/products-admin/routes/product-template.tsx"),
};

// The first data of a signed-in visit, started by the boot script with the code, each request exactly
// as the page's first query sends it (build/boot-preload.ts, lib/first-data.ts): what the layout's
// loader waits for on every page, and each page's own (app-layout.tsx and the routes' loaders).
const categories = { method: "POST", path: "/api/product/categories", body: { exclude_no_product: 1 } } as const;
const firstData = {
  shell: [
    { method: "POST", path: "/api/allowance/query", body: {} },
    { method: "GET", path: "/api/settings", token: false },
    // The header's Approvals link, for staff (features/approvals/api/approvals.ts).
    { method: "POST", path: "/api/approvals/waiting", body: {}, who: "staff" },
  ],
  pages: {
    "^/$": [categories],
    "^/category/(\\d+)/?$": [
      { method: "POST", path: "/api/product/list", body: { product_category_id: "$1" } },
      categories,
    ],
    "^/product/(\\d+)/?$": [
      {
        method: "POST",
        path: "/api/product/query",
        body: { id: "$1", product_category_id: "?category" },
        image: "image_url",
        // A personalised product's proof (features/catalog/api/proof.ts), as soon as the product says it is one.
        next: { when: "is_customizable", method: "POST", path: "/api/proof/query", body: { product_id: "$1" } },
      },
    ],
    "^/cart/shipping/?$": [
      { method: "POST", path: "/api/address/query", body: { belong_to: "user" } },
      { method: "POST", path: "/api/customer/query", body: {} },
      // Before a delivery method is chosen the page's quote is the cart's.
      { method: "POST", path: "/api/order/quote", body: {}, cart: "items" },
    ],
    "^/order/(\\d+)(/\\d*)?/?$": [{ method: "POST", path: "/api/order/query", body: { id: "$1" } }],
    // The cart's quote, its lines from the stored cart (features/cart/api/get-quote.ts).
    "^/cart/preview/?$": [{ method: "POST", path: "/api/order/quote", body: {}, cart: "items" }],
    // The practice's own brand (any signed-in user's own: never refused).
    "^/account/brand/?$": [{ method: "POST", path: "/api/brand/query", body: {} }],
    // Issue 23's lists, their first page unfiltered (approvals-queue.tsx: PAGE_SIZE; audit-log.tsx:
    // the contract's AUDIT_PAGE_SIZE).
    "^/approvals/?$": [{ method: "POST", path: "/api/approvals/queue", body: { limit: 25, offset: 0 }, search: false }],
    "^/admin/audit/?$": [
      { method: "POST", path: "/api/audit/list", body: { limit: 50, offset: 0 }, search: false, who: "admin" },
    ],
    // Issue 23's administrators' pages: an approval (approvers and administrators), the rules and
    // who may approve, the programmes and a programme's grid of today's period, unfiltered.
    "^/approvals/(\\d+)/?$": [{ method: "POST", path: "/api/approvals/query", body: { order_id: "$1" }, who: "staff" }],
    "^/admin/approval-rules/?$": [
      { method: "POST", path: "/api/approvals/rules/list", body: {}, who: "admin" },
      { method: "POST", path: "/api/approvals/approvers", body: {}, who: "admin" },
    ],
    "^/admin/allowances/?$": [{ method: "POST", path: "/api/allowance/programme/list", body: {}, who: "admin" }],
    "^/admin/allowances/(\\d+)/?$": [
      { method: "POST", path: "/api/allowance/grid", body: { programme_id: "$1" }, search: false, who: "admin" },
    ],
    // Issue 24's template editor: the product, then its template once the product says it has one.
    "^/Product/Template/(\\d+)/?$": [
      {
        method: "POST",
        path: "/api/product/query",
        body: { id: "$1" },
        who: "admin",
        next: { when: "is_customizable", method: "POST", path: "/api/template/query", body: { product_id: "$1" } },
      },
    ],
    // The order report's filter choices (features/reports/api/get-report-filters.ts).
    "^/reports/orderreport/?$": [{ method: "POST", path: "/api/report/filters", body: {}, who: "admin" }],
    // My Orders' first page, unfiltered (orders.tsx: PAGE_SIZE).
    "^/orders/?$": [{ method: "POST", path: "/api/order/list", body: { limit: 25, offset: 0 }, search: false }],
  },
} satisfies BootPreloadOptions["firstData"];

export default defineConfig(({ command }) => ({
  root: new URL(".", import.meta.url).pathname,
  // A build's mark on what the web stores in the browser (src/lib/storage-mark.ts): none in
  // development, where every stored value is checked against its schema.
  define:
    command === "build"
      ? {
          "import.meta.env.STORAGE_MARK": JSON.stringify(
            storageMark([src(""), fileURLToPath(new URL("../../packages/contract/src", import.meta.url))]),
          ),
        }
      : {},
  plugins: [
    react(),
    trimDependencies(),
    pureContract(),
    mantineCssPerComponent(),
    chunkPlan({
      shell,
      signIn,
      practicePages: Object.values(practicePages),
      preloadedPages: Object.values(preloadedPages),
      otherPreloadedPages: Object.values(otherPreloadedPages),
    }),
    bootPreload({
      sessionKey: STORAGE_KEYS.session,
      cartKey: CART_STORAGE_KEY,
      privilegesKey: STORAGE_KEYS.privileges,
      shell,
      pages: { ...practicePages, ...preloadedPages, ...otherPreloadedPages },
      firstData,
    }),
    compileHints(),
    precompress(),
  ],
  resolve: {
    alias: [
      // React Router publishes one build for every condition, warnings on (dist/development); its
      // production twin differs only in ENABLE_DEV_WARNINGS = false, which skips the route checks
      // and warnings at start-up (decision 034, lever 22).
      { find: /^react-router$/, replacement: routerProductionBuild },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiOrigin,
      "/media": apiOrigin,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Every browser the portal supports preloads modules natively.
    modulePreload: { polyfill: false },
    // Chunks follow the routes' dynamic imports (router.tsx), so a page loads what it uses and no
    // more (decision 016): no vendor chunks, which would put every page's libraries in each.
    rollupOptions: {
      treeshake: {
        // The contract only declares constants and schemas: a module of it none of whose exports a
        // chunk uses is left out (its zod schemas are top-level calls Rollup cannot prove pure).
        moduleSideEffects: (id) => !id.includes("/packages/contract/src/"),
      },
    },
  },
}));
