import { ORDER_STATUS } from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index.ts";
import { bearer, createTestApp, NY_PRACTICE, PRACTICE, queryRows, signIn, signInAdmin } from "./helpers.ts";
import { listOperations } from "./openapi-routes.ts";
import { imageUploadBody, SF_ADDRESS, TINY_PNG } from "./support/fixtures.ts";

/**
 * Every route of the OpenAPI document, called as anonymous, practice A, practice B on A's
 * resources, a Manager signed in by address, and an administrator (issue 9 §3). The table below
 * must name every operation: a route added without an entry fails the first test.
 */

interface Caller {
  token: string;
  id: number;
  refresh: string;
}
interface Ctx {
  a: Caller;
  spare: Caller;
  b: Caller;
  manager: Caller;
  admin: Caller;
  /** A's Active order (cancellable) and A's shipped order (re-orderable). */
  activeOrder: number;
  shippedOrder: number;
  /** Orders of A's for the order desk: one changed (back order, cancel, status), one shipped, and a line of the first. */
  deskOrder: number;
  deskLine: number;
  /** The demo's split order and its personalised line, Printing (seed-production.ts). */
  productionOrder: number;
  productionLine: number;
  shipOrder: number;
  product: number;
  exportCode: string;
  department: number;
  costCenter: number;
  disposableUser: number;
  /** A's proof of the personalised postcard, and a personalised line of A's that prints it. */
  proof: number;
  printLine: number;
}
interface Req {
  body?: unknown;
  url?: string;
  contentType?: string;
}
interface Route {
  /** public: anyone; user: any signed-in user; admin: administrators only. */
  access: "public" | "user" | "admin";
  /** A valid request of the rightful caller: A on user routes, the administrator on admin routes, anyone on public ones. */
  request?: (ctx: Ctx) => Req;
  /** The rightful caller's status when not 200 (a public route answering a made-up token, say). */
  ok?: number;
  /**
   * The same request made by someone else on A's resources (an order, the user record, addresses):
   * B and the address-session manager must get 403 or 404 and none of A's data.
   */
  ownedByA?: boolean;
}

const MARCH = { date_from: "2020-03-01", date_to: "2020-03-31" };
const orderBody = (product: number) => ({
  contact_name: "Maria Lopez",
  contact_phone: "415-555-0101",
  email: "maria@happypaws.test",
  delivery_method_id: 1,
  items: [{ id: product, quantity: 2 }],
});
const productForm = {
  name: "Authorization Leaflet",
  customer_sku: "VP-AUTH-01",
  product_category_id: 2103,
  quickbooks_type_id: 1,
  description_1: "A leaflet.",
  package_quantity: 50,
  min_quantity: 1,
  max_quantity: 20,
  price_ranges: [{ min_quantity: 1, max_quantity: null, price_cents: 1000 }],
  pick_fees: 0,
  cutoff_time: 2,
  is_in_inventory: true,
  show_inventory: false,
  no_order_below_zero_inventory: false,
  low_inventory_amount: 0,
  is_active: true,
  department_list: [],
};

/** A practice the administrator adds and then edits, whose account the tests may change. */
const DISPOSABLE_PRACTICE = {
  practice_name: "Disposable Clinic",
  email: "disposable@authtest.test",
  phone: "614-555-0125",
  contact: "Kim Doe",
  line1: "79 Test Street",
  city: "Columbus",
  state: "OH",
  zip_code: "43215",
};

const BOUNDARY = "----vpauthz";
const pngUpload = (id: number) => imageUploadBody(BOUNDARY, id, TINY_PNG);

/** A template field (the practice's name) for the template routes. */
const NAME_FIELD = {
  kind: "practice_name",
  x: 8,
  y: 66,
  width: 80,
  height: 9,
  font: "Helvetica-Bold",
  size: 14,
  min_size: 8,
  color: "#0f4c5c",
  align: "left",
};
const POSTCARD = 990001;
const DEMO_BRAND = {
  display_name: "Happy Paws Veterinary Clinic",
  address_lines: "120 Market Street\nSan Francisco, CA 94105",
  phone: "415-555-0100",
  website: "https://happypaws.test/book",
  hours: "Mon-Fri 8am-6pm\nSat 9am-2pm",
};

const ROUTES: Record<string, Route> = {
  // Print on demand (issue 24): a practice reads and writes only its own brand and proofs.
  "POST /api/brand/query": { access: "user", request: (c) => ({ body: { user_id: c.a.id } }), ownedByA: true },
  "POST /api/brand/save": {
    access: "user",
    // The demo brand's own content: the same hash, so A's approved proofs stay current.
    request: (c) => ({ body: { user_id: c.a.id, ...DEMO_BRAND } }),
    ownedByA: true,
  },
  "POST /api/proof/query": { access: "user", request: () => ({ body: { product_id: POSTCARD } }) },
  "POST /api/proof/pdf": { access: "user", request: (c) => ({ body: { proof_id: c.proof } }), ownedByA: true },
  "POST /api/proof/approve": { access: "user", request: (c) => ({ body: { proof_id: c.proof } }), ownedByA: true },
  "POST /api/print/file": { access: "admin", request: (c) => ({ body: { order_product_ids: [c.printLine] } }) },
  "POST /api/template/list": { access: "admin" },
  "POST /api/template/query": { access: "admin", request: () => ({ body: { product_id: POSTCARD } }) },
  "POST /api/template/save": {
    access: "admin",
    request: () => ({ body: { product_id: POSTCARD, fields: [NAME_FIELD], bleed_mm: 3 } }),
  },
  "POST /api/template/preview": {
    access: "admin",
    request: (c) => ({ body: { product_id: POSTCARD, fields: [NAME_FIELD], bleed_mm: 3, user_id: c.a.id } }),
  },
  "GET /api/health": { access: "public" },
  "GET /api/ready": { access: "public" },
  "GET /api/settings": { access: "public" },
  "POST /api/settings/query": { access: "admin" },
  // The values in force (the environment's defaults): saving them leaves the portal as it was.
  "POST /api/settings/save": {
    access: "admin",
    request: () => ({
      body: {
        support_phone: "800-555-0199",
        large_order_email: "orders@vetportal.example",
        pet_insurance_url: "https://www.example.com/pet-insurance",
        approval_remind_days: 2,
        approval_expire_days: 7,
      },
    }),
  },
  "POST /api/auth": { access: "public", request: () => ({ body: { method: "address", ...PRACTICE } }) },
  // A second session of A's: refreshing rotates that session's tokens (called once).
  "POST /api/auth/refresh": { access: "public", request: (c) => ({ body: { refresh_token: c.spare.refresh } }) },
  "POST /api/auth/checkPasswordLink": {
    access: "public",
    request: () => ({ body: { token: "made-up-token" } }),
    ok: 404,
  },
  "POST /api/auth/setPassword": {
    access: "public",
    request: () => ({ body: { token: "made-up-token", password: "Public2026", confirmPassword: "Public2026" } }),
    ok: 404,
  },
  "POST /api/auth/logout": { access: "user", ok: 200 },
  "POST /api/useradmin/previlege": { access: "user" },
  // Ordering for a practice opens a session of its own: the caller's session is unchanged.
  "POST /api/orderfor/start": { access: "admin", request: (c) => ({ body: { user_id: c.a.id } }) },
  "POST /api/orderfor/stop": { access: "user" },
  "POST /api/orderfor/current": { access: "user" },
  "POST /api/product/categories": { access: "user" },
  "POST /api/product/list": { access: "user", request: () => ({ body: { product_category_id: 2103 } }) },
  "POST /api/product/query": { access: "user", request: (c) => ({ body: { id: c.product } }) },
  "POST /api/user/eventLog": { access: "user", request: () => ({ body: { event: "home" } }) },
  "POST /api/product/enum": { access: "admin", request: () => ({ body: { category: "quickbook_types" } }) },
  "POST /api/customer/query": { access: "user" },
  "POST /api/order/add": { access: "user", request: (c) => ({ body: orderBody(c.product) }) },
  "POST /api/order/list": { access: "user" },
  "POST /api/order/quote": { access: "user", request: (c) => ({ body: { items: [{ id: c.product, quantity: 2 }] } }) },
  // The cart is the caller's own, by session: there is no id of another user's cart to try.
  "POST /api/cart/query": { access: "user" },
  "POST /api/cart/replace": { access: "user", request: (c) => ({ body: { items: [{ id: c.product, quantity: 1 }] } }) },
  "POST /api/cart/merge": { access: "user", request: (c) => ({ body: { items: [{ id: c.product, quantity: 2 }] } }) },
  "POST /api/cart/update": { access: "user", request: (c) => ({ body: { items: [{ id: c.product, quantity: 3 }] } }) },
  // Quick order writes the caller's own cart, by session; the SKU is the test product's.
  "POST /api/quick-order/add": { access: "user", request: () => ({ body: { text: "VP-AUTH-01\t1" } }) },
  "POST /api/order/query": { access: "user", request: (c) => ({ body: { id: c.activeOrder } }), ownedByA: true },
  "POST /api/order/cancel": {
    access: "user",
    request: (c) => ({ body: { order_id: c.activeOrder } }),
    ownedByA: true,
  },
  "POST /api/order/reorder": {
    access: "user",
    request: (c) => ({ body: { order_id: c.shippedOrder } }),
    ownedByA: true,
  },
  // The order desk (issue 11): administrators only; in key order the calls back order, partly
  // cancel and re-status deskOrder, and ship shipOrder.
  // A practice is no approver: the approvals routes answer it 403 (the admin's and approvers' own test: approvals.test.ts).
  "POST /api/approvals/queue": { access: "user", ok: 403 },
  // The navigation's count: a practice is answered "not an approver", never 403.
  "POST /api/approvals/waiting": { access: "user" },
  "POST /api/approvals/query": { access: "user", ok: 403, request: () => ({ body: { order_id: 1 } }) },
  "POST /api/approvals/decide": {
    access: "user",
    ok: 403,
    request: () => ({ body: { order_id: 1, tier: 1, decision: "approve", note: "" } }),
  },
  "POST /api/approvals/rules/list": { access: "admin" },
  "POST /api/approvals/rules/save": {
    access: "admin",
    request: () => ({
      body: { name: "Authz rule", kind: "flagged_user", department_id: null, tiers: [[1]], is_active: false },
    }),
  },
  "POST /api/approvals/rules/delete": { access: "admin", ok: 404, request: () => ({ body: { id: 999_999 } }) },
  "POST /api/approvals/approvers": { access: "admin" },
  "POST /api/fulfilment/list": { access: "admin" },
  "POST /api/fulfilment/query": { access: "admin", request: (c) => ({ body: { id: c.deskOrder } }) },
  "POST /api/fulfilment/backorder": {
    access: "admin",
    request: (c) => ({
      body: { order_id: c.deskOrder, lines: [{ order_product_id: c.deskLine, expected_date: "2099-12-31" }] },
    }),
  },
  "POST /api/fulfilment/cancel": {
    access: "admin",
    request: (c) => ({ body: { order_id: c.deskOrder, lines: [{ order_product_id: c.deskLine, quantity: 1 }] } }),
  },
  "POST /api/fulfilment/status": {
    access: "admin",
    request: (c) => ({ body: { order_id: c.deskOrder, order_status_id: 18, note: "Waiting for the practice" } }),
  },
  "POST /api/fulfilment/ship": {
    access: "admin",
    request: (c) => ({
      body: {
        order_id: c.shipOrder,
        shipped_on: new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" }),
        packages: [{ carrier: "UPS", tracking_number: "1Z999AA10123456784" }],
      },
    }),
  },
  "POST /api/fulfilment/lines/move": {
    access: "admin",
    request: (c) => ({
      body: { order_id: c.productionOrder, order_product_ids: [c.productionLine], production_status_id: 10 },
    }),
  },
  "POST /api/fulfilment/lines/sendBack": {
    access: "admin",
    request: (c) => ({
      body: { order_id: c.productionOrder, order_product_id: c.productionLine, note: "Use the new logo" },
    }),
  },
  "POST /api/fulfilment/importPreview": {
    access: "admin",
    request: (c) => ({
      body: {
        csv: `order_id,tracking_number,carrier,ship_date\n${c.shipOrder},9400100000000000000000,USPS,2020-01-01\n`,
      },
    }),
  },
  // An unknown order: the row is refused and the answer still 200.
  "POST /api/fulfilment/importApply": {
    access: "admin",
    request: () => ({
      body: { csv: "order_id,tracking_number,carrier,ship_date\n999999999,1Z999AA10123456785,UPS,2020-01-01\n" },
    }),
  },
  "POST /api/address/addressValidate": {
    access: "public",
    request: () => ({ body: { line1: "1 Main Street", city: "Columbus", state: "OH", zip_code: "43215" } }),
  },
  "POST /api/user/addpractice": {
    access: "public",
    request: () => ({
      body: {
        practice_name: "Authorization Test Clinic",
        email: "front@authtest.test",
        phone: "614-555-0123",
        contact: "Pat Doe",
        line1: "77 Test Street",
        city: "Columbus",
        state: "OH",
        zip_code: "43215",
      },
    }),
  },
  "POST /api/user/list": { access: "admin" },
  "POST /api/user/query": { access: "user", request: (c) => ({ body: { id: c.a.id } }), ownedByA: true },
  "POST /api/user/add": {
    access: "admin",
    request: () => ({
      body: {
        practice_name: "Authorization Added Clinic",
        email: "added@authtest.test",
        phone: "614-555-0124",
        contact: "Lee Doe",
        line1: "78 Test Street",
        city: "Columbus",
        state: "OH",
        zip_code: "43215",
      },
    }),
  },
  "POST /api/user/updatepractice": {
    access: "admin",
    request: (c) => ({
      body: { id: c.disposableUser, ...DISPOSABLE_PRACTICE },
    }),
  },
  "POST /api/user/update": {
    access: "user",
    request: (c) => ({ body: { id: c.a.id, first_name: "Maria" } }),
    ownedByA: true,
  },
  "POST /api/user/delete": { access: "admin", request: (c) => ({ body: { id: c.disposableUser } }) },
  "POST /api/user/vetNameList": { access: "admin" },
  // A is an address session: it may not change a password (decision 012); the administrator may.
  "POST /api/user/changePassword": {
    access: "user",
    request: () => ({ body: { current_password: "x", password: "Whatever1", confirmPassword: "Whatever1" } }),
    ok: 403,
  },
  "POST /api/user/sendPasswordLink": { access: "admin", request: (c) => ({ body: { id: c.a.id } }) },
  "POST /api/address/query": {
    access: "user",
    request: (c) => ({ body: { belong_to: "user", owner_id: c.a.id } }),
    ownedByA: true,
  },
  "POST /api/address/add": {
    access: "user",
    request: (c) => ({
      body: { ...SF_ADDRESS, owner_id: c.a.id },
    }),
    ownedByA: true,
  },
  "POST /api/department/list": { access: "admin" },
  "POST /api/department/query": { access: "admin", request: (c) => ({ body: { id: c.department } }) },
  // Allowances (issue 23 §1): the demo's programme is id 1; user 2 is a demo practice.
  "POST /api/allowance/query": { access: "user" },
  "POST /api/allowance/programme/list": { access: "admin" },
  "POST /api/allowance/programme/query": { access: "admin", request: () => ({ body: { id: 1 } }) },
  "POST /api/allowance/programme/add": {
    access: "admin",
    request: () => ({ body: { name: "Authorization programme", period: "month", unit: "packs", active: false } }),
  },
  "POST /api/allowance/programme/update": {
    access: "admin",
    request: () => ({
      body: {
        id: 1,
        name: "Client education",
        period: "quarter",
        unit: "packs",
        scope: "categories",
        scope_ids: [2100],
        over_balance: "approval",
        default_allotted: 40,
      },
    }),
  },
  "POST /api/allowance/grid": { access: "admin", request: () => ({ body: { programme_id: 1 } }) },
  "POST /api/allowance/allocation/set": {
    access: "admin",
    request: () => ({ body: { programme_id: 1, user_id: 2, period: "2026-12-31", allotted: 50 } }),
  },
  "POST /api/allowance/departmentDefault/set": {
    access: "admin",
    request: (c) => ({ body: { programme_id: 1, department_id: c.department, allotted: 45 } }),
  },
  "POST /api/allowance/adjust": {
    access: "admin",
    request: () => ({
      body: { programme_id: 1, user_id: 2, period: "2026-12-31", delta: 5, reason: "Authorization test" },
    }),
  },
  "POST /api/allowance/export": { access: "admin", request: () => ({ body: { programme_id: 1 } }) },
  "POST /api/allowance/import": {
    access: "admin",
    request: () => ({ body: { programme_id: 1, csv: "user_id,practice,period_start,allotted\n2,,2026-12-31,40\n" } }),
  },
  "POST /api/department/add": { access: "admin", request: () => ({ body: { name: "Authorization Dept" } }) },
  "POST /api/department/update": {
    access: "admin",
    request: (c) => ({ body: { id: c.department, name: "Authorization Dept 2" } }),
  },
  "POST /api/department/delete": { access: "admin", request: (c) => ({ body: { id: c.department } }) },
  "POST /api/department/addCCEmails": {
    access: "admin",
    request: (c) => ({ body: { id: c.department, email: "cc@authtest.test" } }),
  },
  "POST /api/costcenter/list": { access: "admin" },
  "POST /api/costcenter/query": { access: "admin", request: (c) => ({ body: { id: c.costCenter } }) },
  "POST /api/costcenter/add": {
    access: "admin",
    request: (c) => ({ body: { name: "CC Authorization", department_list: [c.department] } }),
  },
  "POST /api/costcenter/update": {
    access: "admin",
    request: (c) => ({ body: { id: c.costCenter, name: "CC Authorization 2", department_list: [c.department] } }),
  },
  "POST /api/costcenter/delete": { access: "admin", request: (c) => ({ body: { id: c.costCenter } }) },
  "POST /api/product/add": { access: "admin", request: () => ({ body: { ...productForm, name: "Second Leaflet" } }) },
  "POST /api/product/update": { access: "admin", request: (c) => ({ body: { ...productForm, id: c.product } }) },
  "POST /api/product/image": {
    access: "admin",
    request: (c) => ({ body: pngUpload(c.product), contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
  },
  "POST /api/product/export": { access: "admin" },
  // Not a destroyable product: refused by the rule, after the access check.
  "POST /api/product/destroy": { access: "admin", request: (c) => ({ body: { id: c.product } }), ok: 409 },
  "POST /api/inventory/replenish": {
    access: "admin",
    request: (c) => ({ body: { product_id: c.product, quantity: 5 } }),
  },
  "POST /api/inventory/adjust": {
    access: "admin",
    request: (c) => ({ body: { product_id: c.product, quantity: -1, comment: "Count" } }),
  },
  "POST /api/inventory/ledger": { access: "admin", request: (c) => ({ body: { product_id: c.product } }) },
  "POST /api/mail/outbox": { access: "admin" },
  "POST /api/audit/list": { access: "admin" },
  "POST /api/audit/record": { access: "admin", request: (c) => ({ body: { kind: "product", record_id: c.product } }) },
  "POST /api/audit/export": { access: "admin" },
  "POST /api/report/filters": { access: "admin" },
  "POST /api/report/orderFrontEnd": { access: "admin", request: () => ({ body: MARCH }) },
  "POST /api/order/listOrderProducts": {
    access: "admin",
    request: (c) => ({ body: { ...MARCH, product_id: c.product } }),
  },
  "POST /api/report/inventoryDetails": {
    access: "admin",
    request: (c) => ({ body: { ...MARCH, product_id: c.product } }),
  },
  "POST /api/report/inventoryFrontEnd": { access: "admin", request: () => ({ body: { date_to: "2020-03-31" } }) },
  "POST /api/report/export": { access: "admin", request: () => ({ body: { report: "order", filter: MARCH } }) },
  // The export code is the credential of a download (a plain navigation carries no bearer token).
  "GET /api/report/download": {
    access: "public",
    request: (c) => ({ url: `/api/report/download?code=${c.exportCode}` }),
  },
  "POST /api/support/add": {
    access: "public",
    request: () => ({
      body: {
        full_name: "Maria Lopez",
        email: "maria@happypaws.test",
        phone: "415-555-0101",
        support_category: "Order History",
        description: "Where is my order?",
      },
    }),
  },
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;

const caller = (login: Awaited<ReturnType<typeof signIn>>): Caller => ({
  token: login.access_token,
  id: login.profile.user_id,
  refresh: login.data,
});

beforeAll(async () => {
  t = await createTestApp();
  const a = caller(await signIn(t.app, { method: "address", ...PRACTICE }));
  const spare = caller(await signIn(t.app, { method: "address", ...PRACTICE }));
  const b = caller(await signIn(t.app, { method: "address", ...NY_PRACTICE }));
  const admin = caller(await signInAdmin(t.app));
  // A Manager of A's own department, signed in by address: department scope needs a password.
  const [m] = await queryRows<{ name: string; line1: string; zip: string }>(
    t.db,
    sql`select u.representation as name, a.line1, a.zip_code as zip from users u
        join addresses a on a.owner_id = u.id and a.belong_to = 'user'
        where u.user_level_id = 2 and u.department_id = (select department_id from users where id = ${a.id})
        order by u.id limit 1`,
  );
  if (!m) throw new Error("the seed has no manager in practice A's department");
  const manager = caller(
    await signIn(t.app, { method: "address", address_name: m.name, line1: m.line1, zip_code: m.zip }),
  );
  const call = async (url: string, body: unknown, token: string) => {
    const res = await t.app.inject({ method: "POST", url, payload: body as never, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const product = (await call("/api/product/add", productForm, admin.token)).id as number;
  await call("/api/inventory/replenish", { product_id: product, quantity: 100 }, admin.token);
  const activeOrder = (await call("/api/order/add", orderBody(product), a.token)) as number;
  const shippedOrder = (await call("/api/order/add", orderBody(product), a.token)) as number;
  await t.db.update(orders).set({ order_status_id: ORDER_STATUS.SHIPPED }).where(eq(orders.id, shippedOrder));
  const deskOrder = (await call("/api/order/add", orderBody(product), a.token)) as number;
  const shipOrder = (await call("/api/order/add", orderBody(product), a.token)) as number;
  const [deskLine] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from order_products where order_id = ${deskOrder}`,
  );
  if (!deskLine) throw new Error("the desk order has no line");
  const [production] = await queryRows<{ id: number; order_id: number }>(
    t.db,
    sql`select id, order_id from order_products where production_status_id is not null order by id limit 1`,
  );
  if (!production) throw new Error("the demo data has no personalised line");
  const exportCode = new URL(
    (await call("/api/report/export", { report: "order", filter: MARCH }, admin.token)).url,
    "http://x",
  ).searchParams.get("code") as string;
  const department = (await call("/api/department/add", { name: "Authorization Fixture" }, admin.token)).id;
  const costCenter = (
    await call("/api/costcenter/add", { name: "CC Fixture", department_list: [department] }, admin.token)
  ).id;
  const disposableUser = (await call("/api/user/add", DISPOSABLE_PRACTICE, admin.token)).id;
  const proof = (await call("/api/proof/query", { product_id: POSTCARD }, a.token)).id as number;
  await call("/api/proof/approve", { proof_id: proof }, a.token);
  const printOrder = (await call(
    "/api/order/add",
    { ...orderBody(POSTCARD), items: [{ id: POSTCARD, quantity: 1 }] },
    a.token,
  )) as number;
  const [printLine] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from order_products where order_id = ${printOrder}`,
  );
  ctx = {
    a,
    spare,
    b,
    manager,
    admin,
    activeOrder,
    shippedOrder,
    deskOrder,
    deskLine: deskLine.id,
    productionOrder: production.order_id,
    productionLine: production.id,
    shipOrder,
    product,
    exportCode,
    department,
    costCenter,
    disposableUser,
    proof,
    printLine: printLine?.id ?? 0,
  };
});
afterAll(() => t.close());

const operations = () =>
  listOperations(t.app)
    .map((op) => ({ op, key: `${op.method} ${op.path}` }))
    .sort((x, y) => x.key.localeCompare(y.key));

function send(route: Route, method: string, path: string, token?: string) {
  const req = route.request?.(ctx) ?? {};
  return t.app.inject({
    method: method as "GET" | "POST",
    url: req.url ?? path,
    ...(method === "GET" ? {} : { payload: (req.body ?? {}) as never }),
    headers: { ...(token ? bearer(token) : {}), ...(req.contentType ? { "content-type": req.contentType } : {}) },
  });
}

/** Values of A's record that must never reach another caller. */
const aSecrets = () => [PRACTICE.line1, "Happy Paws", "maria.lopez@", `"id":${ctx.activeOrder},`];

describe("authorization of every route", () => {
  it("the table names every operation of the OpenAPI document, and nothing else", () => {
    const documented = operations().map((o) => o.key);
    expect(Object.keys(ROUTES).sort()).toEqual([...documented].sort());
  });

  it("anonymous callers get 401 except on public routes", async () => {
    for (const { op, key } of operations()) {
      const route = ROUTES[key];
      if (!route) continue;
      const res = await send(route, op.method, op.url());
      if (route.access === "public") expect([key, res.statusCode]).toEqual([key, route.ok ?? 200]);
      else expect([key, res.statusCode, res.json().error?.code]).toEqual([key, 401, "UNAUTHENTICATED"]);
    }
  });

  it("admin routes answer 403 to practices and to an address-session manager", async () => {
    for (const { op, key } of operations()) {
      const route = ROUTES[key];
      if (route?.access !== "admin") continue;
      for (const who of [ctx.a, ctx.b, ctx.manager]) {
        const res = await send(route, op.method, op.url(), who.token);
        expect([key, res.statusCode, res.json().error?.code]).toEqual([key, 403, "FORBIDDEN"]);
      }
    }
  });

  it("another practice and an address-session manager get 403 or 404 on A's resources, never A's data", async () => {
    for (const { op, key } of operations()) {
      const route = ROUTES[key];
      if (!route?.ownedByA) continue;
      for (const who of [ctx.b, ctx.manager]) {
        const res = await send(route, op.method, op.url(), who.token);
        expect([key, res.statusCode, [403, 404].includes(res.statusCode)]).toEqual([key, res.statusCode, true]);
        for (const secret of aSecrets()) expect([key, res.body.includes(secret)]).toEqual([key, false]);
      }
    }
  });

  it("the rightful caller gets its answer: A on user routes, the administrator on admin routes", async () => {
    // Deletes after the calls that use the record; logout last, as it ends A's session.
    const rank = (key: string) => (key.endsWith("/logout") ? 2 : key.endsWith("/delete") ? 1 : 0);
    const ordered = operations().sort((x, y) => rank(x.key) - rank(y.key));
    for (const { op, key } of ordered) {
      const route = ROUTES[key];
      if (!route || route.access === "public") continue;
      const who = route.access === "admin" ? ctx.admin : ctx.a;
      const res = await send(route, op.method, op.url(), who.token);
      expect([key, res.statusCode]).toEqual([key, route.ok ?? 200]);
    }
  });

  it("the administrator may call every user route", async () => {
    const admin = caller(await signInAdmin(t.app));
    for (const { op, key } of operations()) {
      const route = ROUTES[key];
      if (route?.access !== "user" || key.endsWith("/logout") || key.endsWith("/changePassword")) continue;
      const res = await send(route, op.method, op.url(), admin.token);
      expect([key, res.statusCode < 500 && ![401, 403].includes(res.statusCode)]).toEqual([key, true]);
    }
  });
});
