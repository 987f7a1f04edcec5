#!/usr/bin/env node
// The arrows that must never exist and the data each module owns (docs/architecture.md, "Layers" and
// "Table owners", decision 030). `node scripts/check-architecture.mjs` prints every broken rule and
// exits 1 if there is one. The rules (scripts/architecture/check-tree.mjs, tested on the fixture trees
// of scripts/test/fixtures/ by scripts/test/check-architecture.test.ts):
//
//  Imports
//  - a route (modules/*/*.routes.ts) imports a repository, the schema, or a module file that builds
//    SQL and is not a *.repository.ts: routes call services;
//  - a module imports another module's repository: modules use each other through services;
//  - a module's file other than a repository imports the schema (types aside);
//  - raw SQL in a service (`db.execute(…)`, sql`…`): SQL lives in the repository;
//  - the database layer (apps/api/src/db) or API lib/ imports a business module;
//  - a web feature imports another feature or the app shell (apps/web/src/app); shared web code
//    (apps/web/src/components, lib) imports a feature or the app shell;
//  - the contract imports anything but zod and itself; web and API import each other.
//  Data (TABLE_OWNERS below)
//  - every table of apps/api/src/db/schema has an owner module;
//  - only the owner's repository writes a table (Drizzle's insert/update/delete, a helper named
//    insert…/update…/delete…/upsert… given the table, raw `insert into`/`update`/`delete from`),
//    unless WRITE_EXCEPTIONS names the file and the table;
//  - a module reads another module's table (a repository imports it, or SQL text names it) only where
//    the table's `readers` name the module with the reason; otherwise it asks the owner's service.
//  Size
//  - no source file over 400 lines (tests and generated code aside; SIZE_EXCEPTIONS names the rest).
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkTree, violationKey, withPending } from "./architecture/check-tree.mjs";

export { checkTree, violationKey, withPending };

// Reasons a module reads a table it does not own (each named where the table lists its readers).
const JOIN = "a name shown beside the reader's own rows, joined in the same query";
const ONE_STATEMENT = "decision 018: an order is checked and placed in one statement";
const CATALOG = "the catalogue is the products module's tables read for a practice";
const DESK = "the order desk reads and locks the order it moves (decision 020)";
const APPROVALS = "an approval is shown and decided beside its order (decision 040)";

/** Every table → the module that owns it (the only one whose repository writes it) and the modules
 *  that may read it, each with the reason. Reference rows (statuses, levels, delivery methods) come
 *  from migrations (decision 029); report rollups are written by triggers (decision 010). */
export const TABLE_OWNERS = {
  // users: people and their levels
  users: {
    owner: "users",
    readers: {
      auth: "sign-in finds the person by name, address or email (decision 004)",
      practices: "a practice is a user row: its sign-in name must stay unique (decision 004)",
      departments: "a department's member count and members",
      inventory: "who made a ledger row",
      orders: `the orderer's name and department; ${ONE_STATEMENT}`,
      fulfilment: "the order desk's list shows and filters by the orderer",
      audit: "an audit row copies its author's name and email in the statement that writes it (decision 043)",
      allowances: "the allocations grid lists the practices; an account opens with its department's default",
      approvals: "approvers, the orderer's name and the facts the rules check (flagged, self-registered)",
    },
  },
  user_levels: { owner: "users" },
  // practices: the sponsoring customer and the addresses
  customers: {
    owner: "practices",
    readers: { orders: "the order pages and checkout name the sponsoring customer and its settings" },
  },
  addresses: {
    owner: "practices",
    readers: {
      auth: "sign-in by address compares the first address line (decision 004)",
      users: "the user list shows each practice's first address",
      orders: ONE_STATEMENT,
    },
  },
  // departments and cost centres
  departments: { owner: "departments", readers: { users: JOIN, orders: JOIN, allowances: JOIN, approvals: JOIN } },
  department_users: { owner: "departments" },
  department_cc_emails: { owner: "departments", readers: { orders: ONE_STATEMENT } },
  cost_centers: { owner: "departments", readers: { orders: JOIN } },
  cost_center_departments: { owner: "departments", readers: { orders: ONE_STATEMENT } },
  // products: the catalogue (catalog serves it to practices, read-only)
  product_categories: { owner: "products", readers: { catalog: CATALOG, approvals: JOIN } },
  products: {
    owner: "products",
    readers: {
      catalog: CATALOG,
      orders: ONE_STATEMENT,
      allowances: JOIN,
      approvals: JOIN,
      print: "a template and a proof name their product and check it is customizable",
    },
  },
  product_price_ranges: {
    owner: "products",
    readers: { catalog: CATALOG, orders: ONE_STATEMENT, cart: "the cart's lines are priced with their tiers" },
  },
  product_departments: { owner: "products", readers: { catalog: CATALOG } },
  product_images: { owner: "products" },
  // inventory: the stock ledger (products.actual_inventory is its cached balance)
  inventory_transactions: { owner: "inventory" },
  // allowances: programmes, per-practice accounts per period and their ledger (decision 039)
  allowance_programmes: { owner: "allowances" },
  allowance_department_defaults: { owner: "allowances" },
  allowance_accounts: { owner: "allowances" },
  allowance_ledger: { owner: "allowances" },
  // cart
  carts: { owner: "cart" },
  cart_items: { owner: "cart" },
  // orders
  order_statuses: { owner: "orders", readers: { fulfilment: DESK, approvals: APPROVALS } },
  orders: {
    owner: "orders",
    readers: {
      fulfilment: DESK,
      allowances: "the allocations grid's pending column: uses of orders in status 6",
      approvals: APPROVALS,
    },
  },
  order_products: {
    owner: "orders",
    readers: { fulfilment: DESK, print: "a print file reads the approved proof of each staff-chosen line" },
  },
  order_status_history: { owner: "orders", readers: { fulfilment: DESK } },
  idempotency_keys: { owner: "orders" },
  delivery_methods: { owner: "orders" },
  customer_delivery_methods: { owner: "orders" },
  // an order's packages: recorded by the desk through the orders service (decision 031)
  shipments: { owner: "orders" },
  // which lines (and packs) each shipment held (issue 24 §5, decision 045)
  shipment_lines: { owner: "orders" },
  // approvals: rules, the requests orders wait on, their decisions (decision 040)
  approval_rules: { owner: "approvals" },
  approval_requests: { owner: "approvals" },
  approval_decisions: { owner: "approvals" },
  // auth: sessions, tokens, throttling
  sessions: { owner: "auth" },
  retired_refresh_tokens: { owner: "auth" },
  password_tokens: { owner: "auth" },
  rate_limits: { owner: "auth" },
  // mail, support, reports, page touches
  email_outbox: { owner: "mail" },
  support_requests: { owner: "support" },
  report_exports: { owner: "reports" },
  report_product_days: { owner: "reports" },
  report_inventory_days: { owner: "reports" },
  event_log: { owner: "catalog" },
  // written only by the triggers of migration 0009 (decision 017); lib/cache.ts reads it
  // audit: the append-only audit trail (decision 043); every module records through audit.record(tx, …)
  audit_log: { owner: "audit" },
  cache_generations: { owner: "system" },
  // print: brands, templates and proofs (issue 24, decision 044); cart and order lines point at a proof
  practice_brands: { owner: "print" },
  print_templates: { owner: "print" },
  proofs: { owner: "print", readers: { cart: "a cart line names its approved proof", orders: ONE_STATEMENT } },
  // settings: what an administrator edits at /admin/settings (decision 047); others ask its service
  portal_settings: { owner: "settings" },
};

/** Modules that may read every table, with the reason. */
export const READ_ALL = {
  reports: "report views read the whole order history in one SQL text (decision 008)",
};

/** Files that write a table another module owns: each a decision, not an accident. */
export const WRITE_EXCEPTIONS = [
  {
    file: "apps/api/src/modules/orders/placing.repository.ts",
    tables: ["carts", "cart_items", "email_outbox"],
    reason:
      "decision 018/021: an order is placed in one statement — its lines, status, confirmation email and the ordered cart lines removed together",
  },
  {
    file: "apps/api/src/db/sql/stock-change.ts",
    tables: ["inventory_transactions", "products", "email_outbox"],
    reason:
      "decision 018: a stock change is one set of CTEs shared by inventory and placing — the ledger row, the cached balance products.actual_inventory and the low-stock alert under the row lock",
  },
  {
    file: "apps/api/src/db/sql/allowance-change.ts",
    tables: ["allowance_accounts", "allowance_ledger", "email_outbox"],
    reason:
      "decision 039: an order's use of its allowances is CTEs of the order's one statement — the ledger rows, the cached balance under the account's lock and the warning email",
  },
  {
    file: "apps/api/src/db/seed",
    tables: Object.keys(TABLE_OWNERS),
    reason: "demo data: the seed fills every table of an empty database",
  },
];

/** Source files allowed over 400 lines, with the reason (keep this empty or nearly so). */
export const SIZE_EXCEPTIONS = {};

/**
 * TEMPORARY, and empty today: violations a branch in flight is removing while parallel branches
 * merge. Each entry is exactly `file: rule` as printed; the check fails on an entry nothing matches
 * any more, so the list only shrinks.
 */
export const PENDING = [];

export const MAP = {
  owners: TABLE_OWNERS,
  readAll: READ_ALL,
  writeExceptions: WRITE_EXCEPTIONS,
  sizeExceptions: SIZE_EXCEPTIONS,
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const { violations, stale } = withPending(checkTree(root, MAP), PENDING);
  for (const entry of stale) console.error(`  PENDING entry no longer found (delete it): ${entry}`);
  if (violations.length) {
    console.error(
      `Architecture: ${violations.length} broken rule(s) (docs/architecture.md, "Layers", "Table owners"):`,
    );
    for (const v of violations) console.error(`  ${violationKey(v)}`);
  }
  if (violations.length || stale.length) process.exit(1);
  console.log(`Architecture: no forbidden imports, every table written by its owner (${PENDING.length} pending).`);
}
