import { ORDER_STATUS, orderStatusName } from "@vetportal/contract";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_POSTCARD_ID } from "../src/db/seed/seed-print.ts";
import { ADMIN, PRACTICE } from "./helpers.ts";
import { type ApiProcess, useApiBundle } from "./support/api-process.ts";
import { orderBody } from "./support/fixtures.ts";
import { useOwnPostgresDatabase } from "./support/own-database.ts";
import { type Answer, addAdministrator, call, insertProduct, signInTo } from "./support/programme-races.ts";

/**
 * Every write path of print on demand (issue 24, decisions 044–045) raced by two API processes on
 * one PostgreSQL database: brand saves, proof approvals, production moves and split shipments.
 * Each race's comment names the naive version it catches; each was checked by breaking the code
 * that way locally and seeing the race fail.
 */
const ownDb = useOwnPostgresDatabase({ prefix: "vp_print" });
const api = useApiBundle("print-races");
let processes: ApiProcess[] = [];
let sql: pg.Client;
type Who = Awaited<ReturnType<typeof signInTo>>;
let practice: Who;
let practice2: Who;
let admin: Who;
let admin2: Who;
const STOCKED = [979_001, 979_002];
const PRINTED = 979_003;

/** The base URL of process i % 2: consecutive requests alternate between the two. */
const base = (i: number) => processes[i % 2]?.base as string;
const rows = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];
const codes = (answers: Answer[]) => answers.map((a) => a.status).sort();

/** A personalised product with the demo postcard's template, its proof approved by the demo practice. */
async function printedProduct(id: number) {
  await insertProduct(sql, id, { name: "Race: personalised postcard" });
  await sql.query("update products set is_customizable = true, is_in_inventory = false where id = $1", [id]);
  await sql.query(
    `insert into print_templates (product_id, version, base_pdf, fields, bleed_mm)
     select $1, 1, base_pdf, fields, bleed_mm from print_templates where product_id = $2 order by version desc limit 1`,
    [id, DEMO_POSTCARD_ID],
  );
  const proof = await call(base(0), "/api/proof/query", { product_id: id }, practice.token);
  const approved = await call(base(1), "/api/proof/approve", { proof_id: proofId(proof) }, practice.token);
  expect(approved.status).toBe(200);
}

const proofId = (a: Answer) => (a.json.data as { id: number }).id;

beforeAll(async () => {
  await api.build();
  const env = { DATABASE_URL: ownDb.url, DATABASE_POOL_SIZE: "6", SEED_DEMO_DATA: "false" };
  processes = await Promise.all([api.start(env), api.start(env)]);
  sql = new pg.Client({ connectionString: ownDb.url });
  await sql.connect();
  await addAdministrator(sql, "admin2@print-races.test", ADMIN.email);
  [practice, practice2, admin, admin2] = await Promise.all([
    signInTo(base(0), { method: "address", ...PRACTICE }),
    signInTo(base(1), { method: "address", ...PRACTICE }),
    signInTo(base(0), { method: "password", ...ADMIN }),
    signInTo(base(1), { method: "password", email: "admin2@print-races.test", password: ADMIN.password }),
  ]);
  for (const id of STOCKED) await insertProduct(sql, id, { name: `Race: stocked leaflet ${id}` });
  await printedProduct(PRINTED);
}, 120_000);

afterAll(async () => {
  api.cleanUp();
  await sql?.end();
});

const brandBody = (phone: string, logo?: Buffer | null) => ({
  display_name: "Happy Paws Veterinary Clinic",
  address_lines: "120 Market Street",
  phone,
  website: "https://happypaws.test/book",
  hours: "",
  ...(logo === undefined ? {} : { logo: logo === null ? null : logo.toString("base64") }),
});

const logoOf = (colour: string) =>
  sharp({ create: { width: 120, height: 60, channels: 4, background: colour } })
    .png()
    .toBuffer();

const brandVersions = () =>
  rows<{ version: number; phone: string; has_logo: boolean; logo: Buffer | null }>(
    "select version, phone, logo_png is not null as has_logo, logo_png as logo from practice_brands where user_id = $1 order by version",
    [practice.userId],
  );

describe("brand saves from two processes", () => {
  it("makes one version of eight identical saves at once, and asks for one new approval", async () => {
    // Naive version caught: reading the current brand without the practice's advisory lock
    // (lockVersions), so two saves of the same content both see the old hash and both insert.
    const before = (await brandVersions()).length;
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(base(i), "/api/brand/save", brandBody("415-555-0142"), i % 2 ? practice2.token : practice.token),
      ),
    );
    expect(codes(saves)).toEqual(Array(8).fill(200));
    const versions = await brandVersions();
    expect(versions).toHaveLength(before + 1);
    expect(new Set(saves.map((s) => (s.json.data as { version: number }).version))).toEqual(
      new Set([versions.at(-1)?.version]),
    );
    // The approval of the old brand no longer counts: one new proof, not approved, whoever asks.
    const asked = await Promise.all(
      Array.from({ length: 4 }, (_, i) => call(base(i), "/api/proof/query", { product_id: PRINTED }, practice.token)),
    );
    expect(new Set(asked.map(proofId)).size).toBe(1);
    expect(asked.map((a) => (a.json.data as { approved: boolean }).approved)).toEqual([false, false, false, false]);
    const proofs = await rows<{ approved: boolean }>(
      "select approved_at is not null as approved from proofs where user_id = $1 and product_id = $2 order by id",
      [practice.userId, PRINTED],
    );
    expect(proofs.map((p) => p.approved)).toEqual([true, false]);
  });

  it("never loses a logo uploaded while another session saves the phone alone", async () => {
    // Naive version caught: the save that keeps the current logo reads it before the other save's
    // new logo is committed, then writes a version with the old logo (or a duplicate version).
    for (let round = 0; round < 4; round++) {
      const logo = await logoOf(["#2f855a", "#2b6cb0", "#c05621", "#6b46c1"][round] as string);
      const [withLogo, phoneOnly] = await Promise.all([
        call(base(round), "/api/brand/save", brandBody(`415-555-02${round}0`, logo), practice.token),
        call(base(round + 1), "/api/brand/save", brandBody(`415-555-02${round}1`), practice2.token),
      ]);
      expect([withLogo.status, phoneOnly.status]).toEqual([200, 200]);
      const versions = await brandVersions();
      const latest = versions.at(-1);
      expect(latest?.has_logo).toBe(true);
      // Both saves are versions of their own, one after the other: 1, 2, 3… with no gap or repeat.
      expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
      const uploaded = versions.filter((v) => v.phone === `415-555-02${round}0`)[0];
      expect(latest?.logo?.equals(uploaded?.logo as Buffer)).toBe(true);
    }
  });
});

describe("proof approvals from two processes", () => {
  it("approves a proof once when both sessions approve it at once", async () => {
    // Naive version caught: `approved_at = now()` without coalesce, so the second approval moves
    // the time (and the approver) of the first: the two answers differ.
    const proof = await call(base(0), "/api/proof/query", { product_id: PRINTED }, practice.token);
    const id = proofId(proof);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(base(i), "/api/proof/approve", { proof_id: id }, i % 2 ? practice2.token : practice.token),
      ),
    );
    expect(codes(answers)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => (a.json.data as { approved_at: string }).approved_at)).size).toBe(1);
    const stored = await rows<{ n: number; at: Date }>(
      "select count(*)::int as n, max(approved_at) as at from proofs where id = $1 and approved_at is not null",
      [id],
    );
    expect(stored[0]?.n).toBe(1);
    const first = answers[0]?.json.data as { approved_at: string };
    expect(stored[0]?.at.toISOString()).toBe(first.approved_at);
  });
});

describe("template saves from two processes", () => {
  it("makes one version of identical saves by two administrators at once, consecutive versions of different ones", async () => {
    // Naive version caught: reading the current template without the product's advisory lock, so
    // identical saves all see the old placement and each adds a version (or two take one number: 500).
    const current = await call(base(0), "/api/template/query", { product_id: PRINTED }, admin.token);
    const { fields, version } = current.json.data as { fields: unknown[]; version: number };
    const save = (i: number, bleed: number) =>
      call(
        base(i),
        "/api/template/save",
        { product_id: PRINTED, fields, bleed_mm: bleed },
        (i % 2 ? admin2 : admin).token,
      );
    const same = await Promise.all(Array.from({ length: 6 }, (_, i) => save(i, 5)));
    expect(codes(same)).toEqual(Array(6).fill(200));
    expect(new Set(same.map((a) => (a.json.data as { version: number }).version))).toEqual(new Set([version + 1]));
    const different = await Promise.all(Array.from({ length: 6 }, (_, i) => save(i, i % 2 ? 2 : 4)));
    expect(codes(different)).toEqual(Array(6).fill(200));
    const versions = await rows<{ version: number }>(
      "select version from print_templates where product_id = $1 order by version",
      [PRINTED],
    );
    expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
    // Identical saves in a row add nothing; each change of bleed (4 → 2 or back) is a version.
    expect(versions.length).toBeGreaterThan(version + 1);
    expect(versions.length).toBeLessThanOrEqual(version + 1 + 6);
    // The new template asks the practice for a new approval before the orders below.
    const proof = await call(base(0), "/api/proof/query", { product_id: PRINTED }, practice.token);
    expect((proof.json.data as { approved: boolean }).approved).toBe(false);
    expect((await call(base(1), "/api/proof/approve", { proof_id: proofId(proof) }, practice.token)).status).toBe(200);
  });
});

/** An order of the demo practice with the stocked products (2 packs each) and the personalised one (2). */
async function placeOrder() {
  const items = [...STOCKED, PRINTED].map((id) => ({ id, quantity: 2 }));
  const res = await call(base(0), "/api/order/add", orderBody(items), practice.token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json.data as number;
  const lines = await rows<{ id: number; product_id: number }>(
    "select id, product_id from order_products where order_id = $1 order by product_id",
    [id],
  );
  return { id, lines: lines.map((l) => l.id) as [number, number, number] };
}

const move = (i: number, orderId: number, line: number, to: number, who: Who) =>
  call(
    base(i),
    "/api/fulfilment/lines/move",
    { order_id: orderId, order_product_ids: [line], production_status_id: to },
    who.token,
  );

const movesAudited = async (orderId: number) =>
  (
    await rows<{ n: number }>(
      "select count(*)::int as n from audit_log where record_id = $1 and action = 'move lines'",
      [orderId],
    )
  )[0]?.n;

describe("production moves from two processes", () => {
  it("lets exactly one of two staff moving one line win; the other gets the conflict, the history one entry", async () => {
    // Naive version caught: reading the line without the order locked FOR UPDATE (changeOrder), so
    // both staff see Pre Press, both move it and both moves are recorded.
    const status = async (line: number) =>
      (await rows<{ s: number }>("select production_status_id as s from order_products where id = $1", [line]))[0]?.s;
    for (let round = 0; round < 3; round++) {
      const { id, lines } = await placeOrder();
      const line = lines[2];
      // The same move by both: Pre Press → Printing.
      const same = await Promise.all([
        move(0, id, line, ORDER_STATUS.PRINTING, admin),
        move(1, id, line, ORDER_STATUS.PRINTING, admin2),
      ]);
      expect(codes(same)).toEqual([200, 409]);
      const loser = same.find((a) => a.status === 409);
      expect(loser?.json.error?.code).toBe("CONFLICT");
      expect(JSON.stringify(loser?.json)).toContain(`is already ${orderStatusName(ORDER_STATUS.PRINTING)}.`);
      expect(await movesAudited(id)).toBe(1);
      // Opposite moves from Printing: back to Pre Press and on to In Production; one step at a time,
      // so whichever comes second is refused.
      const opposite = await Promise.all([
        move(1, id, line, ORDER_STATUS.PRE_PRESS, admin),
        move(0, id, line, ORDER_STATUS.IN_PRODUCTION, admin2),
      ]);
      expect(codes(opposite)).toEqual([200, 409]);
      expect(JSON.stringify(opposite.find((a) => a.status === 409)?.json)).toContain("cannot go from");
      const won = opposite[0]?.status === 200 ? ORDER_STATUS.PRE_PRESS : ORDER_STATUS.IN_PRODUCTION;
      expect(await status(line)).toBe(won);
      expect(await movesAudited(id)).toBe(2);
    }
  });
});

describe("sending a proof back from two processes", () => {
  it("sends one line back once when two staff do it at once: one email, one audit row", async () => {
    // Naive version caught: the line's status read without the order locked, so both see Pre Press
    // and both send it back: two emails to the practice.
    const { id, lines } = await placeOrder();
    const answers = await Promise.all(
      [admin, admin2].map((who, i) =>
        call(
          base(i),
          "/api/fulfilment/lines/sendBack",
          { order_id: id, order_product_id: lines[2], note: `Note ${i}` },
          who.token,
        ),
      ),
    );
    expect(codes(answers)).toEqual([200, 409]);
    const [sent] = await rows<{ mails: number; audits: number }>(
      `select (select count(*)::int from email_outbox where kind = 'proof_changes_requested'
                and subject ~ ('#' || $1::int || '([^0-9]|$)')) as mails,
              (select count(*)::int from audit_log where record_id = $1 and action = 'send back') as audits`,
      [id],
    );
    expect(sent).toEqual({ mails: 1, audits: 1 });
  });
});

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
const ship = (i: number, orderId: number, tracking: string, who: Who, lines?: number[]) =>
  call(
    base(i),
    "/api/fulfilment/ship",
    {
      order_id: orderId,
      shipped_on: today(),
      packages: [{ carrier: "UPS", tracking_number: tracking }],
      ...(lines ? { lines: lines.map((l) => ({ order_product_id: l, quantity: 2 })) } : {}),
    },
    who.token,
  );

describe("split shipments from two processes", () => {
  it("ships each line in exactly one shipment, the order Shipped once, one email per shipment", async () => {
    // Naive version caught: choosing the lines to ship from a read of the order not locked FOR
    // UPDATE, so two shipments both take the printed line (a 500 from the database's check, or
    // packs shipped twice) and both see themselves as the last one: Shipped twice, two last emails.
    for (let round = 0; round < 4; round++) {
      const { id, lines } = await placeOrder();
      const [a, b, printed] = lines;
      expect((await move(0, id, printed, ORDER_STATUS.PRINTING, admin)).status).toBe(200);
      const answers = await Promise.all([
        ship(0, id, `1Z999AA1${round}000000001`, admin, [a, printed]),
        ship(1, id, `1Z999AA1${round}000000002`, admin2, [printed, b]),
        ship(round, id, `1Z999AA1${round}000000003`, round % 2 ? admin : admin2),
      ]);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const shipped = answers.filter((x) => x.status === 200).length;
      const perLine = await rows<{ id: number; shipped: number; shipments: number }>(
        `select op.id, op.shipped_quantity as shipped,
           (select count(*)::int from shipment_lines sl where sl.order_product_id = op.id) as shipments
         from order_products op where op.order_id = $1 order by op.id`,
        [id],
      );
      expect(perLine.map((l) => [l.shipped, l.shipments])).toEqual([
        [2, 1],
        [2, 1],
        [2, 1],
      ]);
      const [order] = await rows<{ status: number; shipped_entries: number; mails: number; last: number }>(
        `select o.order_status_id as status,
           (select count(*)::int from order_status_history h where h.order_id = o.id and h.order_status_id = $2) as shipped_entries,
           (select count(*)::int from email_outbox m where m.kind in ('order_shipped', 'shipment_shipped')
              and m.subject ~ ('#' || o.id || '([^0-9]|$)')) as mails,
           (select count(*)::int from email_outbox m where m.kind = 'order_shipped'
              and m.subject ~ ('#' || o.id || '([^0-9]|$)')) as last
         from orders o where o.id = $1`,
        [id, ORDER_STATUS.SHIPPED],
      );
      expect(order).toEqual({ status: ORDER_STATUS.SHIPPED, shipped_entries: 1, mails: shipped, last: 1 });
    }
  });
});
