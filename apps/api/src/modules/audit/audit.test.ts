import { AUDIT_REDACTED, type AuditRow } from "@vetportal/contract";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN, bearer, queryRows, signInAdmin } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import {
  imageUploadBody,
  orderBody,
  orderLinesOf,
  productMaker,
  SF_ADDRESS,
  TINY_PNG,
} from "../../../test/support/fixtures.ts";
import { audit_log, sessions } from "../../db/schema/index.ts";
import { changedFields } from "./audit-changes.ts";

/**
 * The audit trail (issue 23 §5): every change an administrator makes is one row, written in the
 * change's transaction, naming the person, the sign-in, the record and only the fields it changed;
 * the database refuses to alter a row.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

async function ok(url: string, payload: unknown, token = t.admin) {
  const res = await post(url, payload, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

/** The newest audit rows of one record, through the API. */
async function historyOf(kind: string, id: number): Promise<AuditRow[]> {
  return (await ok("/api/audit/list", { kind, record: String(id), limit: 200 })).filter(
    (r: AuditRow) => r.record_id === id,
  );
}

/** The change of a row as `{ field: [before, after] }`. */
const changeOf = (row: AuditRow | undefined) =>
  Object.fromEntries((row?.changes ?? []).map((c) => [c.field, [c.before, c.after]]));

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });

const newProduct = productMaker(t, { id: 975_000, name: "Audit Leaflet" }, { actual_inventory: 50 }, [[1, null, 500]]);

async function adminSessionId() {
  const [row] = await t.db.select({ id: sessions.id }).from(sessions).orderBy(desc(sessions.id)).limit(1);
  return row?.id;
}

describe("what is recorded", () => {
  it("keeps only the fields that changed and never a secret's value", () => {
    expect(
      changedFields(
        { name: "A", code: "X", password_hash: "h1", list: [1, 2] },
        { name: "B", code: "X", password_hash: "h2", list: [1, 2] },
      ),
    ).toEqual({
      before: { name: "A", password_hash: AUDIT_REDACTED },
      after: { name: "B", password_hash: AUDIT_REDACTED },
    });
    expect(changedFields(null, { token: "abc", name: "New" })).toEqual({
      before: null,
      after: { token: AUDIT_REDACTED, name: "New" },
    });
  });
});

describe("a row for every kind of change", () => {
  it("departments: add, update (only what changed), a cc email, delete — with the person and the sign-in", async () => {
    const { id } = await ok("/api/department/add", { name: "Audit Outreach", department_code: "AUD" });
    await ok("/api/department/update", { id, name: "Audit & Farm Outreach", department_code: "AUD" });
    await ok("/api/department/addCCEmails", { id, email: "cc@audit.test" });
    await ok("/api/address/add", { ...SF_ADDRESS, belong_to: "department", owner_id: id, contact: "Dee Dept" });
    await ok("/api/department/delete", { id });
    const rows = await historyOf("department", id);
    expect(rows.map((r) => r.action)).toEqual(["delete", "add address", "update", "update", "create"]);
    const [deleted, address, cc, renamed, created] = rows;
    expect(changeOf(address)).toMatchObject({ contact: [null, "Dee Dept"], line1: [null, SF_ADDRESS.line1] });
    expect(changeOf(created)).toMatchObject({ name: [null, "Audit Outreach"], department_code: [null, "AUD"] });
    expect(changeOf(renamed)).toEqual({ name: ["Audit Outreach", "Audit & Farm Outreach"] });
    expect(changeOf(cc)).toEqual({ cc_order_emails: ["[]", '["cc@audit.test"]'] });
    expect(changeOf(deleted).name).toEqual(["Audit & Farm Outreach", null]);
    expect(created).toMatchObject({
      actor: expect.any(String),
      actor_email: ADMIN.email,
      kind: "department",
      kind_name: "department",
      record_label: "Audit Outreach",
      session_id: await adminSessionId(),
    });
  });

  it("cost centers: add, update, delete", async () => {
    const { id } = await ok("/api/costcenter/add", { name: "CC-AUD", department_list: [1] });
    await ok("/api/costcenter/update", { id, name: "CC-AUD-2", department_list: [1], is_active: false });
    await ok("/api/costcenter/delete", { id });
    const rows = await historyOf("cost_center", id);
    expect(rows.map((r) => r.action)).toEqual(["delete", "update", "create"]);
    expect(changeOf(rows[1])).toEqual({ name: ["CC-AUD", "CC-AUD-2"], is_active: ["true", "false"] });
    expect(rows[0]?.kind_name).toBe("cost center");
  });

  it("users and practices: Add User, Modify User, a role change, a set-password link, delete", async () => {
    const practice = {
      practice_name: "Audit Animal Clinic",
      email: "desk@auditclinic.test",
      phone: "415-555-0199",
      contact: "Ada Audit",
      line1: "1 Audit Way",
      city: "San Francisco",
      state: "CA",
      zip_code: "94158",
    };
    const { id } = await ok("/api/user/add", { ...practice, user_level_id: 1 });
    await ok("/api/user/updatepractice", { ...practice, id, line1: "2 Audit Way" });
    await ok("/api/user/update", { id, is_approver: true });
    await ok("/api/user/sendPasswordLink", { id });
    await ok("/api/user/delete", { id });
    const rows = await ok("/api/audit/record", { kind: "user", record_id: id });
    expect(rows.map((r: AuditRow) => `${r.kind} ${r.action}`)).toEqual([
      "user delete",
      "user send set-password link",
      "user update",
      "practice update",
      "practice create",
    ]);
    expect(changeOf(rows[3])).toEqual({ line1: ["1 Audit Way", "2 Audit Way"] });
    expect(changeOf(rows[2])).toEqual({ is_approver: ["false", "true"] });
    expect(changeOf(rows[0])).toMatchObject({ is_deleted: ["false", "true"] });
    expect(rows[4].record_label).toBe("Audit Animal Clinic");
  });

  it("products: add, update (a price), a new image, replenish and adjust — a refused adjust leaves no row", async () => {
    const form = {
      name: "Audit Wellness Card",
      customer_sku: "AUD-1",
      product_category_id: 2100,
      package_quantity: 25,
      min_quantity: 1,
      max_quantity: 40,
      price_ranges: [{ min_quantity: 1, max_quantity: 40, price_cents: 900 }],
      is_in_inventory: true,
      is_active: true,
    };
    const { id } = await ok("/api/product/add", form);
    await ok("/api/product/update", {
      ...form,
      id,
      price_ranges: [{ min_quantity: 1, max_quantity: 40, price_cents: 950 }],
    });
    const boundary = "audit-boundary";
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/product/image",
      payload: imageUploadBody(boundary, id, TINY_PNG),
      headers: { ...bearer(t.admin), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await ok("/api/inventory/replenish", { product_id: id, quantity: 30, comment: "Delivery" });
    await ok("/api/inventory/adjust", { product_id: id, quantity: -5, comment: "Damaged" });
    expect(
      (await post("/api/inventory/adjust", { product_id: id, quantity: -500, comment: "Too many" })).statusCode,
    ).toBe(409);
    const rows = await ok("/api/audit/record", { kind: "product", record_id: id });
    expect(rows.map((r: AuditRow) => r.action)).toEqual(["adjust", "replenish", "new image", "update", "create"]);
    const [priceBefore, priceAfter] = (changeOf(rows[3]).price_ranges ?? []).map((v) => JSON.parse(v ?? "null"));
    expect(Object.keys(changeOf(rows[3]))).toEqual(["price_ranges"]);
    expect(priceBefore).toEqual([{ min_quantity: 1, max_quantity: 40, price_cents: 900 }]);
    expect(priceAfter).toEqual([{ min_quantity: 1, max_quantity: 40, price_cents: 950 }]);
    expect(changeOf(rows[1])).toEqual({ stock: ["0", "30"], comment: [null, "Delivery"] });
    expect(changeOf(rows[0])).toEqual({ stock: ["30", "25"], comment: [null, "Damaged"] });
    expect(changeOf(rows[2]).image_url?.[1]).toMatch(/^\/media\/uploads\/\d+$/);
  });

  it("orders at the desk: status, back order, ship, cancel and a carrier file", async () => {
    const product = await newProduct();
    const place = async () => {
      const res = await post("/api/order/add", orderBody([{ id: product, quantity: 2 }]), t.practice);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as number;
    };
    const first = await place();
    await ok("/api/fulfilment/status", { order_id: first, order_status_id: 18, note: "Waiting" });
    const [line] = await orderLinesOf(t.db, first);
    await ok("/api/fulfilment/backorder", {
      order_id: first,
      lines: [{ order_product_id: line?.id, expected_date: today() }],
    });
    await ok("/api/fulfilment/ship", {
      order_id: first,
      shipped_on: today(),
      packages: [{ carrier: "UPS", tracking_number: "1ZAUDIT0001" }],
    });
    const second = await place();
    await ok("/api/fulfilment/cancel", {
      order_id: second,
      lines: [{ order_product_id: (await orderLinesOf(t.db, second))[0]?.id, quantity: 1 }],
    });
    const third = await place();
    await ok("/api/fulfilment/importApply", {
      csv: `order_id,tracking_number,carrier,ship_date\n${third},1ZAUDIT0003,UPS,${today()}`,
    });

    const rows = await ok("/api/audit/record", { kind: "order", record_id: first });
    expect(rows.map((r: AuditRow) => r.action)).toEqual(["ship", "back order", "change status"]);
    expect(changeOf(rows[2])).toEqual({ status: ["Active", "On Hold"], note: [null, "Waiting"] });
    expect(changeOf(rows[0])).toMatchObject({
      status: ["Back Ordered", "Shipped"],
      packages: [null, "UPS 1ZAUDIT0001"],
    });
    expect(rows[0].record_label).toBe(`Order #${first}`);
    const cancel = (await historyOf("order", second))[0];
    expect(cancel?.action).toBe("cancel");
    expect(changeOf(cancel).cancelled).toEqual([null, `1 × Audit Leaflet ${product}`]);
    expect(changeOf(cancel).total_order_amount?.[0]).not.toEqual(changeOf(cancel).total_order_amount?.[1]);
    expect((await historyOf("order", third))[0]).toMatchObject({
      action: "ship (carrier file)",
      changes: expect.arrayContaining([{ field: "status", before: "Active", after: "Shipped" }]),
    });
  });
});

describe("the database keeps the trail", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of audit rows, whoever asks", async () => {
    await ok("/api/department/add", { name: "Immutable Dept" });
    const [row] = await t.db.select().from(audit_log).orderBy(desc(audit_log.id)).limit(1);
    expect(row?.record_label).toBe("Immutable Dept");
    for (const statement of [
      sql`update audit_log set record_label = 'forged' where id = ${row?.id}`,
      sql`delete from audit_log where id = ${row?.id}`,
      sql`truncate audit_log`,
    ]) {
      const failure = await t.db.execute(statement).then(
        () => undefined,
        (err: Error & { cause?: Error }) => err,
      );
      expect(String(failure?.cause?.message ?? failure?.message)).toMatch(/audit_log is append-only/);
    }
    const [still] = await t.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.id, row?.id ?? 0));
    expect(still?.record_label).toBe("Immutable Dept");
  });

  it("writes the row in the change's transaction: a refused change leaves none", async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`);
    expect((await post("/api/department/update", { id: 999_999, name: "Nobody" })).statusCode).toBe(404);
    expect((await post("/api/costcenter/update", { id: 1, name: "X", department_list: [999_999] })).statusCode).toBe(
      400,
    );
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe("two administrators change one record at once", () => {
  it("records two rows, each with the state it replaced, from two sign-ins", async () => {
    const { id } = await ok("/api/department/add", { name: "Race Start", department_code: "R0" });
    const second = (await signInAdmin(t.app)).access_token;
    const [a, b] = await Promise.all([
      post("/api/department/update", { id, name: "Race A", department_code: "RA" }),
      post("/api/department/update", { id, name: "Race B", department_code: "RB" }, second),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = (await historyOf("department", id)).filter((r) => r.action === "update");
    expect(rows).toHaveLength(2);
    const [later, earlier] = rows;
    // The first writer replaced the original; the second replaced the first's result, not the original.
    expect(changeOf(earlier).name?.[0]).toBe("Race Start");
    expect(changeOf(later).name?.[0]).toBe(changeOf(earlier).name?.[1]);
    expect(new Set(rows.map((r) => r.session_id)).size).toBe(2);
    const final = (await ok("/api/department/query", { id })).name;
    expect(changeOf(later).name?.[1]).toBe(final);
  });
});

describe("reading the trail", () => {
  it("filters by person, kind, record and dates, newest first, with paging", async () => {
    await ok("/api/department/add", { name: "Filter Dept One" });
    await ok("/api/department/add", { name: "Filter Dept Two" });
    const page1 = await post("/api/audit/list", { kind: "department", record: "Filter Dept", limit: 1 });
    expect(page1.json().found_rows).toBe(2);
    expect(page1.json().data[0].record_label).toBe("Filter Dept Two");
    const page2 = await ok("/api/audit/list", { kind: "department", record: "Filter Dept", limit: 1, offset: 1 });
    expect(page2[0].record_label).toBe("Filter Dept One");
    expect(await ok("/api/audit/list", { person: "nobody-like-this", record: "Filter Dept" })).toEqual([]);
    expect((await ok("/api/audit/list", { person: "admin@vetportal", record: "Filter Dept" })).length).toBe(2);
    expect(
      await ok("/api/audit/list", { record: "Filter Dept", date_from: "2000-01-01", date_to: "2000-01-31" }),
    ).toEqual([]);
    expect((await ok("/api/audit/list", { record: "Filter Dept", date_from: today(), date_to: today() })).length).toBe(
      2,
    );
    const bad = await post("/api/audit/list", { date_from: "2026-02-02", date_to: "2026-01-01" });
    expect(bad.statusCode).toBe(400);
    expect((await post("/api/audit/list", { kind: "spaceship" })).statusCode).toBe(400);
  });

  it("exports the filtered rows as CSV, formula-like cells neutralised", async () => {
    await ok("/api/department/add", { name: "=CSV Dept" });
    const res = await post("/api/audit/export", { kind: "department", record: "CSV Dept" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="audit_\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe("When,Person,Email,Kind,Action,Record ID,Record,Before,After,Sign-in");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${ADMIN.email},department,create,`);
    expect(lines[1]).toContain(",'=CSV Dept,");
  });

  it("is for administrators only", async () => {
    for (const url of ["/api/audit/list", "/api/audit/export"]) {
      expect((await post(url, {}, t.practice)).statusCode).toBe(403);
    }
    expect((await post("/api/audit/record", { kind: "product", record_id: 1 }, t.practice)).statusCode).toBe(403);
  });
});
