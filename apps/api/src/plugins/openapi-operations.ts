/**
 * What the OpenAPI document says of each operation beyond its zod schemas (decision 028), in one
 * place, keyed by `METHOD url`: the domain error statuses it can answer (400, 401, 403, 413, 415
 * and 503 follow from its access and input, see swagger.ts), media types zod cannot describe, and
 * an example request from the demo data set (apps/api/src/db/seed/) that succeeds for the caller
 * the operation is for. The property test (test/openapi-properties.test.ts) holds the document to it.
 */

import { DESK_OPERATION_DOCS } from "./openapi-operations-desk.ts";
import { PRINT_OPERATION_DOCS } from "./openapi-operations-print.ts";

type Json = Record<string, unknown>;

export interface OperationDoc {
  /** Domain answers: 403 (another user's record), 404, 409, 422, 429. */
  errors?: number[];
  /** The operation never reads the database, so it never answers 503. */
  noDatabase?: true;
  /** An example body (JSON, or the form's fields) with demo ids. */
  example?: unknown;
  /** Example query parameters. */
  query?: Record<string, string>;
  /** The example is for a staff member signed in by password, not a practice (`x-example-caller`). */
  exampleCaller?: "administrator";
  /** The 200 answer is a CSV file: its description. */
  csv?: string;
  /** The 200 answer is a PDF file: its description. */
  pdf?: string;
  /** A request body zod does not describe (the multipart upload). */
  requestBody?: Json;
}

/**
 * A value of an example that only a running portal has: a secret sent once. The document shows
 * these words; a tester (and the property test) puts a fresh one in their place.
 */
export const LIVE_VALUES = {
  refreshToken: "the refreshToken of a sign-in",
  setPasswordToken: "the token of a set-password link",
  exportCode: "the code of a report export",
} as const;

/** Demo data (apps/api/src/db/seed/): the practice user 2 and its first address, a product and its category. */
const DEMO = {
  practiceUserId: 2,
  practiceAddressId: 1,
  otherPracticeUserId: 3,
  productId: 144048,
  categoryId: 2100,
  from: "2025-01-01",
  to: "2026-12-31",
} as const;

/** The demo practice's shipping details, as its order form sends them. */
const SHIPPING = {
  contact_name: "Maria Lopez",
  contact_phone: "415-555-0100",
  email: "maria.lopez@happypaws.test",
  delivery_method_id: 1,
  payment_method_id: 1,
};

const NEW_PRACTICE = {
  practice_name: "Mission Bay Pet Hospital",
  email: "frontdesk@missionbaypets.test",
  phone: "415-555-0142",
  contact: "Sam Rivera",
  line1: "1600 Owens Street",
  city: "San Francisco",
  state: "CA",
  zip_code: "94158",
};

const PRODUCT_FORM = {
  name: "Senior Pet Wellness Checklist",
  customer_sku: "SPW-100",
  product_category_id: DEMO.categoryId,
  package_quantity: 25,
  min_quantity: 1,
  max_quantity: 40,
  price_ranges: [{ min_quantity: 1, max_quantity: 40, price_cents: 900 }],
  is_in_inventory: true,
  is_active: true,
};

const ORDER_FILTER = { date_from: DEMO.from, date_to: DEMO.to };

/** The multipart upload: the product id as a form field (decimal digits) and one image file. */
const IMAGE_UPLOAD_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        properties: {
          id: { type: "string", pattern: "^\\s*\\+?\\d{1,10}\\s*$", description: "The product id" },
          file: { type: "string", format: "binary", description: "PNG, JPEG or WebP, at most 2 MB" },
        },
        required: ["id", "file"],
      },
      example: { id: String(DEMO.productId) },
    },
  },
};

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  "GET /api/health": {},
  // An administrator's saved settings (decision 047), read through the caches: the database may answer 503.
  "GET /api/settings": {},
  "POST /api/auth": {
    example: {
      method: "address",
      address_name: "Happy Paws Veterinary Clinic",
      line1: "120 Market Street",
      zip_code: "94105",
    },
  },
  // The token is the one a sign-in answered.
  // Each refresh answers a new refresh token and retires this one (decision 026); throttled per source.
  "POST /api/auth/refresh": { errors: [429], example: { refresh_token: LIVE_VALUES.refreshToken } },
  // The token is the one the emailed set-password link carries.
  "POST /api/auth/setPassword": {
    errors: [404, 429],
    example: {
      token: LIVE_VALUES.setPasswordToken,
      password: "Clinic2026Paws",
      confirmPassword: "Clinic2026Paws",
    },
  },
  // Whether the emailed link still works, asked as the set-password page opens (decision 026).
  "POST /api/auth/checkPasswordLink": { errors: [404, 429], example: { token: LIVE_VALUES.setPasswordToken } },
  "POST /api/auth/logout": {},
  "POST /api/useradmin/previlege": {},
  "POST /api/orderfor/start": { errors: [404], example: { user_id: DEMO.practiceUserId } },
  "POST /api/orderfor/stop": {},
  "POST /api/orderfor/current": {},
  "POST /api/product/categories": { example: { exclude_no_product: 1 } },
  "POST /api/product/list": { example: { product_category_id: DEMO.categoryId, limit: 20, offset: 0 } },
  "POST /api/product/query": { errors: [404], example: { id: DEMO.productId } },
  "POST /api/user/eventLog": { example: { event: "product", product_id: DEMO.productId } },
  "POST /api/product/enum": { example: { category: "order_statuses" } },
  "POST /api/customer/query": { errors: [404], example: {} },
  "POST /api/order/add": {
    errors: [403, 409, 422],
    example: { ...SHIPPING, items: [{ id: DEMO.productId, quantity: 2 }] },
  },
  "POST /api/order/quote": {
    errors: [409],
    example: { items: [{ id: DEMO.productId, quantity: 2 }], delivery_method_id: 1 },
  },
  "POST /api/order/list": { example: { ...ORDER_FILTER, limit: 25, offset: 0 } },
  // Order ids: an order the practice placed (order/add answers its id).
  "POST /api/order/query": { errors: [404], example: { id: 1 } },
  "POST /api/order/cancel": { errors: [404, 409], example: { order_id: 1 } },
  // A shipped order of the practice.
  "POST /api/order/reorder": { errors: [404, 409], example: { order_id: 34 } },
  ...DESK_OPERATION_DOCS,
  "POST /api/cart/query": { example: {} },
  "POST /api/cart/replace": { example: { items: [{ id: DEMO.productId, quantity: 2 }] } },
  "POST /api/cart/merge": { example: { items: [{ id: DEMO.productId, quantity: 2 }] } },
  "POST /api/cart/update": { example: { items: [{ id: DEMO.productId, quantity: 3 }] } },
  "POST /api/quick-order/add": { example: { text: "SKU,Quantity\nVP-100-4048,5\nVP-100-4049\t2" } },
  "POST /api/address/addressValidate": {
    errors: [422],
    example: { line1: "120 Market Street", city: "San Francisco", state: "CA", zip_code: "94105" },
  },
  "POST /api/user/addpractice": { errors: [409, 422], example: NEW_PRACTICE },
  "POST /api/user/list": { example: { limit: 10, offset: 0 } },
  "POST /api/user/query": { errors: [404], example: { id: DEMO.practiceUserId } },
  "POST /api/user/add": {
    errors: [409, 422],
    example: {
      ...NEW_PRACTICE,
      practice_name: "Dogpatch Animal Clinic",
      email: "desk@dogpatchvets.test",
      user_level_id: 1,
    },
  },
  "POST /api/user/updatepractice": {
    errors: [404, 409, 422],
    example: {
      id: DEMO.otherPracticeUserId,
      practice_name: "Hudson Valley Animal Hospital",
      email: "frontdesk@hudsonvalleyvets.test",
      phone: "845-555-0123",
      contact: "James O'Connor",
      line1: "45 River Road",
      city: "Poughkeepsie",
      state: "NY",
      zip_code: "12601",
    },
  },
  "POST /api/user/update": { errors: [403, 404, 409], example: { id: DEMO.practiceUserId, title: "Practice Manager" } },
  "POST /api/user/delete": { errors: [404, 409], example: { id: 10 } },
  "POST /api/user/vetNameList": {},
  "POST /api/mail/outbox": {},
  "POST /api/user/changePassword": {
    errors: [403, 429],
    exampleCaller: "administrator",
    example: { current_password: "VetPortal2026", password: "VetPortal2026", confirmPassword: "VetPortal2026" },
  },
  "POST /api/user/sendPasswordLink": { errors: [404], example: { id: 5 } },
  "POST /api/address/query": { errors: [403], example: { belong_to: "user" } },
  "POST /api/address/add": {
    errors: [403, 422],
    example: {
      belong_to: "user",
      contact: "Maria Lopez",
      line1: "500 Howard Street",
      city: "San Francisco",
      state: "CA",
      zip_code: "94105",
      country: 186,
    },
  },
  "POST /api/department/list": { example: { limit: 20, offset: 0 } },
  "POST /api/department/query": { errors: [404], example: { id: 1 } },
  "POST /api/department/add": { example: { name: "Equine Outreach", department_code: "EQO" } },
  "POST /api/department/update": {
    errors: [404],
    example: {
      id: 1,
      name: "Companion Animal Marketing",
      department_code: "CAM",
      cc_order_emails: ["marketing@companionhealth.test"],
    },
  },
  "POST /api/department/delete": { errors: [404, 409], example: { id: 1 } },
  "POST /api/department/addCCEmails": {
    errors: [404, 409],
    example: { id: 2, email: "orders-east@companionhealth.test" },
  },
  "POST /api/costcenter/list": { example: {} },
  "POST /api/costcenter/query": { errors: [404], example: { id: 1 } },
  "POST /api/costcenter/add": { example: { name: "CC-500 Shelter Outreach", department_list: [5] } },
  "POST /api/costcenter/update": {
    errors: [404],
    example: { id: 4, name: "CC-400 Regional Programs", department_list: [2] },
  },
  "POST /api/costcenter/delete": { errors: [404], example: { id: 4 } },
  "POST /api/product/add": { errors: [409], example: PRODUCT_FORM },
  "POST /api/product/update": {
    errors: [404, 409],
    example: { ...PRODUCT_FORM, id: DEMO.productId, name: "Puppy Starter Kit Folder" },
  },
  "POST /api/product/image": { errors: [404], requestBody: IMAGE_UPLOAD_BODY },
  "POST /api/product/export": {
    csv: "The products as CSV (ID, Name, SKU), an attachment.",
    example: { product_category_id: DEMO.categoryId },
  },
  // Dental Month Display Kit (2024 edition): obsolete inventory, which may be destroyed.
  "POST /api/product/destroy": { errors: [404, 409], example: { id: 144111 } },
  "POST /api/inventory/replenish": {
    errors: [404, 409],
    example: { product_id: DEMO.productId, quantity: 100, comment: "Monthly replenishment" },
  },
  "POST /api/inventory/adjust": {
    errors: [404, 409],
    example: { product_id: DEMO.productId, quantity: -2, comment: "Damaged in storage" },
  },
  "POST /api/inventory/ledger": { errors: [404], example: { product_id: DEMO.productId, limit: 20, offset: 0 } },
  "POST /api/report/filters": {},
  "POST /api/report/orderFrontEnd": { example: { ...ORDER_FILTER, limit: 25, offset: 0 } },
  "POST /api/order/listOrderProducts": { errors: [404], example: { ...ORDER_FILTER, product_id: DEMO.productId } },
  "POST /api/report/inventoryDetails": { errors: [404], example: { ...ORDER_FILTER, product_id: DEMO.productId } },
  "POST /api/report/inventoryFrontEnd": { example: { date_to: "2026-06-30", status: "ACTIVE" } },
  "POST /api/report/export": { example: { report: "inventory", filter: { date_to: "2026-06-30" } } },
  // The code is one that report/export answered.
  "GET /api/report/download": {
    errors: [404],
    csv: "The report's rows as CSV, an attachment.",
    query: { code: "the code of a report export" },
  },
  "POST /api/settings/query": { example: {} },
  "POST /api/settings/save": {
    example: {
      support_phone: "800-555-0199",
      large_order_email: "orders@vetportal.example",
      pet_insurance_url: "https://www.example.com/pet-insurance",
      approval_remind_days: 2,
      approval_expire_days: 7,
    },
  },
  "POST /api/audit/list": {
    example: { kind: "product", date_from: DEMO.from, date_to: DEMO.to, limit: 20, offset: 0 },
  },
  "POST /api/audit/record": { example: { kind: "product", record_id: DEMO.productId, limit: 20, offset: 0 } },
  "POST /api/audit/export": {
    csv: "The audit trail's matching rows as CSV (when, person, kind, action, record, before, after, sign-in), an attachment.",
    example: { kind: "order", date_from: DEMO.from, date_to: DEMO.to },
  },
  // 403: the caller is neither an administrator nor an approver (signed in by password).
  "POST /api/approvals/queue": { errors: [403], exampleCaller: "administrator", example: { limit: 25, offset: 0 } },
  // Anyone signed in may ask: a practice gets { approver: false, waiting: 0 }.
  "POST /api/approvals/waiting": { exampleCaller: "administrator", example: {} },
  // The order id is the demo data's order waiting for approval (the property test puts it in).
  "POST /api/approvals/query": { errors: [403, 404], exampleCaller: "administrator", example: { order_id: 1 } },
  "POST /api/approvals/decide": {
    errors: [403, 404, 409],
    exampleCaller: "administrator",
    example: { order_id: 1, tier: 1, decision: "approve", note: "Approved for this quarter" },
  },
  "POST /api/approvals/rules/list": { example: {} },
  "POST /api/approvals/rules/save": {
    errors: [404],
    example: {
      name: "Orders over $500",
      kind: "order_total",
      department_id: null,
      amount_cents: 50_000,
      tiers: [[1]],
      is_active: true,
    },
  },
  "POST /api/approvals/rules/delete": { errors: [404], example: { id: 1 } },
  "POST /api/approvals/approvers": { example: {} },
  "POST /api/support/add": {
    example: {
      full_name: "Maria Lopez",
      email: "maria.lopez@happypaws.test",
      phone: "415-555-0100",
      support_category: "Shopping Cart",
      description: "The cart shows the Puppy Starter Kit Folder twice.",
    },
  },
  // Allowances (issue 23 §1): the demo's "Client education" programme is id 1.
  "POST /api/allowance/query": { example: {} },
  "POST /api/allowance/programme/list": { example: {} },
  "POST /api/allowance/programme/query": { errors: [404], example: { id: 1 } },
  "POST /api/allowance/programme/add": {
    example: {
      name: "Dental month posters",
      period: "month",
      unit: "dollars",
      scope: "categories",
      scope_ids: [2101],
      over_balance: "refuse",
      warning_percent: 80,
      default_allotted: 5000,
    },
  },
  "POST /api/allowance/programme/update": {
    errors: [404],
    example: {
      id: 1,
      name: "Client education",
      period: "quarter",
      unit: "packs",
      scope: "categories",
      scope_ids: [DEMO.categoryId],
      over_balance: "approval",
      warning_percent: 80,
      default_allotted: 40,
    },
  },
  "POST /api/allowance/grid": { errors: [404], example: { programme_id: 1 } },
  "POST /api/allowance/allocation/set": {
    errors: [404, 409],
    example: { programme_id: 1, user_id: DEMO.practiceUserId, period: DEMO.to, allotted: 50 },
  },
  "POST /api/allowance/departmentDefault/set": {
    errors: [404],
    example: { programme_id: 1, department_id: 1, allotted: 45 },
  },
  "POST /api/allowance/adjust": {
    errors: [404, 409],
    example: { programme_id: 1, user_id: DEMO.practiceUserId, period: DEMO.to, delta: 5, reason: "Clinic open day" },
  },
  "POST /api/allowance/export": {
    errors: [404],
    csv: "The allocations of a period as CSV (user_id, practice, period_start, allotted), an attachment.",
    example: { programme_id: 1 },
  },
  "POST /api/allowance/import": {
    errors: [404, 409],
    example: {
      programme_id: 1,
      csv: `user_id,practice,period_start,allotted\n${DEMO.practiceUserId},,${DEMO.to},40\n`,
      apply: false,
    },
  },
  ...PRINT_OPERATION_DOCS,
};
