import { connect, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, createTestApp, queryRows, signInAdmin, signInPractice } from "./helpers.ts";

/**
 * Exports cannot take the API down (issue 20 §2, docs/decisions/025): downloads whose clients stop
 * reading hold no connection of the API's pool (nor PGlite's one connection for longer than the
 * idle timeout); beyond EXPORT_CONCURRENCY a download answers 503 EXPORTS_BUSY at once; a client
 * that has not read for EXPORT_IDLE_TIMEOUT_MS is cut off and its connection released; a code works
 * once. On both drivers, through real sockets.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
let admin: string;
let practice: string;
/** A month of large orders only this file makes: its export is far bigger than every buffer on the way. */
const JUNE = { search_by: 1, date_from: "2019-06-01", date_to: "2019-06-30" };
const ORDERS = 4000;
const PO_BYTES = 8000;

beforeAll(async () => {
  t = await createTestApp({ EXPORT_CONCURRENCY: 2, EXPORT_IDLE_TIMEOUT_MS: 1500 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
  admin = (await signInAdmin(t.app)).access_token;
  practice = (await signInPractice(t.app)).access_token;
  // ~32 MB of CSV: the orders of June 2019, each with a long PO number.
  await t.db.execute(sql`
    insert into orders (customer_id, user_id, delivery_method_id, po_number, contact_name, contact_phone, email,
      ship_name, ship_line1, ship_city, ship_state, ship_zip_code, total_items_amount, created)
    select 1850, u.id, 1, repeat('P', ${PO_BYTES}) || g, 'Export Test', '555-555-0100', 'export@reports.test',
      'Export Clinic', '1 Test Way', 'Testville', 'CA', '94105', 1000, timestamptz '2019-06-15 12:00Z' + g * interval '1 second'
    from generate_series(1, ${ORDERS}) g,
      (select id from users where customer_id = 1850 order by id limit 1) u`);
});

/** Every raw socket a test opened, destroyed before the app closes (a stalled one would hold it open). */
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t?.close();
});

async function exportCode(filter: Record<string, unknown> = JUNE): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/report/export",
    headers: bearer(admin),
    payload: { report: "order", filter },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.export_code;
}

interface Download {
  status: number;
  socket: Socket;
  /** Every byte read so far, head included. */
  received: Buffer;
}

/**
 * GET /api/report/download on a raw socket. A 200 is read up to its first chunk and then left
 * unread (the socket paused, as a stalled client); any other answer is read to its end.
 */
function startDownload(code: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    let received: Buffer = Buffer.alloc(0);
    socket.on("error", reject);
    socket.write(`GET /api/report/download?code=${code} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    socket.once("data", (chunk: Buffer) => {
      received = chunk;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1]);
      if (status === 200) {
        socket.pause();
        socket.removeListener("error", reject);
        socket.on("error", () => {});
        return resolve({ status, socket, received });
      }
      socket.on("data", (more: Buffer) => {
        received = Buffer.concat([received, more]);
      });
      socket.once("close", () => resolve({ status, socket, received }));
    });
  });
}

/** The JSON body of a complete answer read by startDownload. */
const jsonBody = (d: Download) => JSON.parse(d.received.toString("utf8").split("\r\n\r\n").slice(1).join("\r\n\r\n"));

/** Reads the rest of a paused download until the server closes it. */
function readRest(d: Download): Promise<Buffer> {
  return new Promise((resolve) => {
    let received: Buffer = d.received;
    d.socket.on("data", (more: Buffer) => {
      received = Buffer.concat([received, more]);
    });
    d.socket.once("close", () => resolve(received));
    d.socket.resume();
  });
}

const health = () => t.app.inject({ method: "GET", url: "/api/health" });
const practicePage = () =>
  t.app.inject({ method: "POST", url: "/api/product/list", headers: bearer(practice), payload: {} });

describe("CSV downloads whose clients stop reading", () => {
  let downloads: Download[] = [];
  let codes: string[] = [];

  it("take at most EXPORT_CONCURRENCY slots, answer 503 EXPORTS_BUSY beyond, and leave the API answering", async () => {
    codes = [];
    for (let i = 0; i < 10; i++) codes.push(await exportCode());
    downloads = await Promise.all(codes.map(startDownload));
    const streaming = downloads.filter((d) => d.status === 200);
    const refused = downloads.filter((d) => d.status !== 200);
    expect(streaming).toHaveLength(2);
    expect(refused.map((d) => d.status)).toEqual(Array(8).fill(503));
    for (const d of refused)
      expect(jsonBody(d)).toEqual({
        result: 0,
        error: {
          code: "EXPORTS_BUSY",
          message: "Other downloads are running right now. Please try again in a moment.",
        },
      });
    // Two stalled downloads hold no connection the API needs (on PGlite: not beyond the idle timeout).
    expect((await health()).statusCode).toBe(200);
    expect((await practicePage()).statusCode).toBe(200);
  });

  it("are cut off after the idle timeout, releasing their connections; a refused code still works", async () => {
    const stalled = downloads.filter((d) => d.status === 200);
    expect(stalled).toHaveLength(2);
    if (process.env.TEST_DRIVER === "pg") {
      // Each stalled download's COPY ends with its connection.
      await vi.waitFor(
        async () => {
          const [copies] = await queryRows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and query like 'COPY (%' and pid <> pg_backend_pid()`,
          );
          expect(copies?.n).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );
    }
    // The cut-off files end without HTTP's last chunk: visibly incomplete, never a complete-looking file.
    for (const d of stalled) {
      const body = await readRest(d);
      expect(body.length).toBeGreaterThan(0);
      expect(body.subarray(-5).toString("latin1")).not.toBe("0\r\n\r\n");
    }
    // Their slots are free again: a code refused while they were busy was not used up.
    const refused = codes[downloads.findIndex((d) => d.status === 503)] as string;
    const retry = await t.app.inject({ method: "GET", url: `/api/report/download?code=${refused}` });
    expect(retry.statusCode).toBe(200);
    expect(retry.body.trimEnd().split("\n")).toHaveLength(ORDERS + 1);
    expect((await health()).statusCode).toBe(200);
    expect((await practicePage()).statusCode).toBe(200);
  });
});

describe("export codes", () => {
  it("work once: a second download of the same code is refused with 404", async () => {
    const code = await exportCode({ ...JUNE, date_from: "2019-06-15", date_to: "2019-06-15" });
    // A HEAD (a link checker, a download manager) neither runs the export nor uses the code up.
    const head = await t.app.inject({ method: "HEAD", url: `/api/report/download?code=${code}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-disposition"]).toBe('attachment; filename="orders_2019-06-15_2019-06-15.csv"');
    const first = await t.app.inject({ method: "GET", url: `/api/report/download?code=${code}` });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: `/api/report/download?code=${code}` });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: "HEAD", url: `/api/report/download?code=${code}` })).statusCode).toBe(404);
    expect(again.json()).toEqual({
      result: 0,
      error: {
        code: "NOT_FOUND",
        message: "This download link has expired or was already used. Export the report again.",
      },
    });
  });
});
