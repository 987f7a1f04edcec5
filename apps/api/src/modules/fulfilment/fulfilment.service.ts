import {
  type BackOrderRequest,
  CARRIERS,
  type CarrierCode,
  carrierName,
  DESK_COUNT_CAP,
  type DeskOrder,
  type DeskOrderList,
  deskActions,
  formatUsDate,
  isFinalStatus,
  MESSAGES,
  ORDER_STATUS,
  orderStatusName,
  parseCarrier,
  portalDay,
  SHIPMENT_CSV_MAX_ROWS,
  type ShipmentCsvResult,
  type ShipmentCsvRow,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_NUMBER_PATTERN,
  trackingNumberKey,
} from "@vetportal/contract";
import { CsvError, parse } from "csv-parse/sync";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import type { orders } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { ccOtherThan, orderCancelledMail, orderShippedMail } from "../mail/templates.ts";
import {
  byFinalStatus,
  cancelOrderQuantities,
  type LineCancel,
  orderLines,
  orderNames,
  orderSheetOf,
  orderTimeline,
  personName,
  remainingOf,
} from "../orders/orders.service.ts";
import { inRetriedTransaction } from "../orders/retry.ts";
import * as repo from "./fulfilment.repository.ts";

type OrderRow = typeof orders.$inferSelect;
type Staff = { userId: number; customerId: number };
interface Package {
  carrier: CarrierCode;
  tracking_number: string;
}

/** Why an order in a final status cannot change. */
function frozen(order: OrderRow): AppError {
  const what = byFinalStatus(order.order_status_id, {
    shipped: "has already shipped",
    cancelled: "was cancelled",
    other: "can no longer change",
  });
  return new AppError("CONFLICT", `Order #${order.id} ${what}: a shipped or cancelled order can no longer change.`);
}

const notFound = (id: number) => new AppError("NOT_FOUND", `Order #${id} does not exist.`);

/**
 * A day in a carrier's file: YYYY-MM-DD, or the US M/D/YYYY that spreadsheets write; undefined
 * when it is not a real calendar day between 1900 and 2100.
 */
export function parseShipDate(text: string): string | undefined {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else return undefined;
  if (y < 1900 || y > 2100) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The header names a carrier's file may use for each column, compared without case, spaces or punctuation. */
const CSV_HEADERS: Record<"order_id" | "tracking_number" | "carrier" | "ship_date", string[]> = {
  order_id: ["orderid", "order", "ordernumber", "orderno"],
  tracking_number: ["trackingnumber", "tracking", "trackingno", "trackingid"],
  carrier: ["carrier", "shipvia", "shipper"],
  ship_date: ["shipdate", "shippedon", "dateshipped", "shippeddate", "date"],
};
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A refused cell as the answer quotes it: at most 40 characters, so a pasted page never comes back whole. */
const ECHO_MAX = 40;
const echo = (cell: string) => {
  const chars = [...cell];
  return chars.length > ECHO_MAX ? `${chars.slice(0, ECHO_MAX).join("")}…` : cell;
};

/**
 * Records read from a file at most: the header, SHIPMENT_CSV_MAX_ROWS rows, and one more to know
 * the file has too many. The parser stops there (csv-parse's `to`), so a file of a quarter of a
 * million tiny rows costs what a file of 2,000 does instead of holding the event loop for seconds.
 */
const CSV_RECORD_LIMIT = SHIPMENT_CSV_MAX_ROWS + 2;

interface CsvRow extends ShipmentCsvRow {
  carrierCode?: CarrierCode;
  /** A repeat of an earlier row: refused alone, the earlier row still ships. */
  isDuplicate?: boolean;
}

/**
 * Reads a carrier CSV (a header row, then one package per row) into rows with the errors a row
 * has on its own: a bad order id, a missing or malformed tracking number, an unknown carrier, a
 * date that is not one or lies in the future, a row repeated. A file without the four columns
 * reads no row at all.
 */
function readCsv(text: string, today: string): { rows: CsvRow[]; fileError: string | null } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      to: CSV_RECORD_LIMIT,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      return { rows: [], fileError: `The file is not valid CSV: ${error.message.slice(0, 300)}` };
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], fileError: "The file is empty." };
  const names = header.record.map(squash);
  const column = Object.fromEntries(
    Object.entries(CSV_HEADERS).map(([key, aliases]) => [key, names.findIndex((n) => aliases.includes(n))]),
  ) as Record<keyof typeof CSV_HEADERS, number>;
  const missing = Object.entries(column)
    .filter(([, index]) => index < 0)
    .map(([key]) => key);
  if (missing.length) {
    return {
      rows: [],
      fileError: `The header row must name the columns order_id, tracking_number, carrier and ship_date; missing: ${missing.join(", ")}.`,
    };
  }
  if (!body.length) return { rows: [], fileError: "The file has a header but no rows." };
  if (body.length > SHIPMENT_CSV_MAX_ROWS) {
    const most = SHIPMENT_CSV_MAX_ROWS.toLocaleString("en-US");
    return { rows: [], fileError: `The file has more than ${most} rows; send at most ${most} at a time.` };
  }

  const seen = new Map<string, number>();
  const rows = body.map(({ record, info }): CsvRow => {
    const cell = (key: keyof typeof CSV_HEADERS) => record[column[key]] ?? "";
    const idText = cell("order_id").replace(/^#/, "");
    const orderId = /^\d{1,9}$/.test(idText) && Number(idText) > 0 ? Number(idText) : null;
    const tracking = cell("tracking_number");
    const carrierCode = parseCarrier(cell("carrier"));
    const shippedOn = parseShipDate(cell("ship_date")) ?? null;
    let error: string | null = null;
    let isDuplicate = false;
    if (orderId === null) error = idText ? `"${echo(idText)}" is not an order number.` : "The order number is missing.";
    else if (!tracking) error = "The tracking number is missing.";
    else if (!TRACKING_NUMBER_PATTERN.test(tracking)) error = `${TRACKING_NUMBER_MESSAGE}.`;
    else if (!carrierCode)
      error = cell("carrier")
        ? `Unknown carrier "${echo(cell("carrier"))}": use ${CARRIERS.map((c) => c.name).join(", ")}.`
        : "The carrier is missing.";
    else if (!shippedOn)
      error = cell("ship_date")
        ? `"${echo(cell("ship_date"))}" is not a date: use YYYY-MM-DD or MM/DD/YYYY.`
        : "The ship date is missing.";
    else if (shippedOn > today) error = `The ship date ${formatUsDate(shippedOn)} is in the future.`;
    if (!error && orderId !== null) {
      const key = `${orderId}\u0000${trackingNumberKey(tracking)}`;
      const first = seen.get(key);
      if (first !== undefined) {
        error = `Duplicate of line ${first}.`;
        isDuplicate = true;
      } else seen.set(key, info.lines);
    }
    return {
      line: info.lines,
      order_id: orderId,
      tracking_number: tracking.slice(0, 100),
      carrier: carrierCode ?? (cell("carrier").slice(0, 50) || null),
      shipped_on: shippedOn,
      error,
      carrierCode,
      isDuplicate,
    };
  });
  return { rows, fileError: null };
}

/**
 * The rows' errors against the orders as they stand: unknown, shipped or cancelled orders, a ship
 * day before the order was placed, two days for one order. An order ships only if every one of
 * its rows is good; its other rows are refused with it.
 */
function checkAgainstOrders(rows: CsvRow[], found: Map<number, OrderRow>, recorded: Set<string>) {
  const dayOf = new Map<number, { day: string; line: number }>();
  for (const row of rows) {
    if (row.error || row.order_id === null || !row.shipped_on) continue;
    const order = found.get(row.order_id);
    if (!order) row.error = `Order #${row.order_id} does not exist.`;
    else if (order.is_destroy) row.error = `Order #${order.id} is a destroy order: nothing ships.`;
    else if (order.order_status_id === ORDER_STATUS.SHIPPED) {
      // The same package sent again (a file re-imported): refused alone, as a duplicate row is.
      row.isDuplicate = recorded.has(`${order.id}\u0000${trackingNumberKey(row.tracking_number)}`);
      row.error = row.isDuplicate
        ? `Order #${order.id} already shipped with this tracking number.`
        : `Order #${order.id} has already shipped.`;
    } else if (order.order_status_id === ORDER_STATUS.CANCELLED) row.error = `Order #${order.id} was cancelled.`;
    else if (row.shipped_on < portalDay(order.created))
      row.error = `The ship date ${formatUsDate(row.shipped_on)} is before order #${order.id} was placed.`;
    else {
      const first = dayOf.get(order.id);
      if (first && first.day !== row.shipped_on)
        row.error = `Order #${order.id} has another ship date on line ${first.line}; one order ships on one day.`;
      else if (!first) dayOf.set(order.id, { day: row.shipped_on, line: row.line });
    }
  }
  const refusedOrder = new Map<number, number>();
  for (const row of rows) {
    if (row.error && !row.isDuplicate && row.order_id !== null && !refusedOrder.has(row.order_id))
      refusedOrder.set(row.order_id, row.line);
  }
  for (const row of rows) {
    const line = row.order_id === null ? undefined : refusedOrder.get(row.order_id);
    if (!row.error && line !== undefined) row.error = `Not shipped: line ${line} of the same order was refused.`;
  }
  const shipping = new Map<number, { shippedOn: string; packages: Package[] }>();
  for (const row of rows) {
    if (row.error || row.order_id === null || !row.shipped_on || !row.carrierCode) continue;
    const entry = shipping.get(row.order_id) ?? { shippedOn: row.shipped_on, packages: [] };
    entry.packages.push({ carrier: row.carrierCode, tracking_number: row.tracking_number });
    shipping.set(row.order_id, entry);
  }
  return shipping;
}

/** The packages already recorded for these orders, as `order id NUL tracking key`. */
async function recordedPackages(db: Executor, orderIds: number[]) {
  const rows = await repo.listShipmentNumbers(db, orderIds);
  return new Set(rows.map((r) => `${r.order_id}\u0000${trackingNumberKey(r.tracking_number)}`));
}

function csvResult(rows: CsvRow[], shipped: number[], fileError: string | null): ShipmentCsvResult {
  return {
    rows: rows.map(({ carrierCode: _code, isDuplicate: _duplicate, ...row }) => row),
    shipped_orders: shipped,
    refused_rows: rows.filter((r) => r.error).length,
    file_error: fileError,
  };
}

export function createFulfilmentService(db: Database, config: Config) {
  const orderLink = (id: number) => `${config.PUBLIC_URL}/order/${id}/2`;

  /** The email that tells the practice its order left, with a tracking link per package. */
  async function queueShippedEmail(tx: Executor, order: OrderRow, shippedOn: string, packages: Package[]) {
    await queueEmail(tx, {
      kind: "order_shipped",
      to: [order.email],
      cc: ccOtherThan(await repo.listCcEmails(tx, order.department_id), order.email),
      ...orderShippedMail(order, shippedOn, packages, orderLink(order.id)),
    });
  }

  /** Ships a locked, open order: its packages, Shipped with the day and numbers, the history, the email. */
  async function shipLocked(
    tx: Executor,
    staff: Staff,
    order: OrderRow,
    shippedOn: string,
    packages: Package[],
    note?: string,
  ) {
    await repo.insertShipments(
      tx,
      packages.map((p) => ({
        order_id: order.id,
        carrier: p.carrier,
        tracking_number: p.tracking_number,
        shipped_on: shippedOn,
        created_by: staff.userId,
      })),
    );
    await repo.setShipped(
      tx,
      order.id,
      ORDER_STATUS.SHIPPED,
      shippedOn,
      packages.map((p) => p.tracking_number),
    );
    const what = packages.map((p) => `${carrierName(p.carrier)} ${p.tracking_number}`).join(", ");
    await repo.insertHistory(tx, {
      order_id: order.id,
      order_status_id: ORDER_STATUS.SHIPPED,
      user_id: staff.userId,
      note: note ? `${note} (${what})` : `Shipped ${formatUsDate(shippedOn)}: ${what}`,
    });
    await queueShippedEmail(tx, order, shippedOn, packages);
  }

  /** The staff view of an order of the customer. */
  async function getOrder(staff: Staff, id: number): Promise<DeskOrder> {
    const order = await repo.findOrder(db, id, staff.customerId);
    if (!order) throw notFound(id);
    const names = await orderNames(db, id);
    const lines = await orderLines(db, id);
    const { history, shipments } = await orderTimeline(db, order);
    return {
      id: order.id,
      ...orderSheetOf(order),
      order_status: order.order_status_id,
      order_status_name: names?.order_status_name ?? orderStatusName(order.order_status_id),
      practice_name: names?.representation ?? "",
      user_id: order.user_id,
      user_name: personName({
        first_name: names?.first_name ?? null,
        last_name: names?.last_name ?? null,
        representation: names?.representation ?? null,
      }),
      user_email: names?.user_email ?? null,
      department_name: names?.department_name ?? null,
      cost_center_name: names?.cost_center_name ?? null,
      delivery_method_name: names?.delivery_method_name ?? "",
      lines: lines.map((l) => ({
        id: l.id,
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.quantity,
        cancelled_quantity: l.cancelled_quantity,
        remaining_quantity: remainingOf(l),
        unit_price_cents: l.unit_price_cents,
        total_price_cents: l.unit_price_cents * remainingOf(l),
        estimated_delivery_date: l.estimated_delivery_date,
        backorder_expected_date: l.backorder_expected_date,
      })),
      history,
      shipments,
      actions: deskActions(order.order_status_id),
    };
  }

  /** Runs a change on one order, locked for the transaction; answers the order as it then stands. */
  async function changeOrder(
    staff: Staff,
    orderId: number,
    change: (tx: Executor, order: OrderRow) => Promise<void>,
  ): Promise<DeskOrder> {
    await inRetriedTransaction(db, async (tx) => {
      const order = await repo.lockOrder(tx, orderId, staff.customerId);
      if (!order) throw notFound(orderId);
      // A destroy order is no shipment: no Ship, Cancel, back order or status change (decision 027).
      if (order.is_destroy)
        throw new AppError("DESTROY_ORDER_FINAL", `Order #${order.id}: ${MESSAGES.destroyOrderFinal}`);
      if (isFinalStatus(order.order_status_id)) throw frozen(order);
      await change(tx, order);
    });
    return getOrder(staff, orderId);
  }

  return {
    getOrder,

    /**
     * The desk's list: newest first, filtered, a page of it, and per status the orders matching
     * the other filters, each count bounded by DESK_COUNT_CAP (the tabs show "10,000+").
     */
    async listOrders(
      staff: Staff,
      f: {
        order_status_id?: number;
        text?: string;
        date_from?: string;
        date_to?: string;
        po_number?: string;
        order_id?: number;
        limit: number;
        offset: number;
      },
    ): Promise<DeskOrderList> {
      const filter: repo.DeskFilter = {
        customerId: staff.customerId,
        text: f.text || undefined,
        dateFrom: f.date_from,
        dateTo: f.date_to,
        poNumber: f.po_number || undefined,
        orderId: f.order_id,
      };
      const rows = await repo.listDeskOrders(db, filter, f.order_status_id, f.limit, f.offset);
      const byStatus = await repo.countDeskOrdersByStatus(db, filter, DESK_COUNT_CAP);
      const counts = byStatus.map((c) => ({
        order_status: c.order_status,
        order_status_name: c.order_status_name,
        count: Math.min(c.count, DESK_COUNT_CAP),
        is_capped: c.count > DESK_COUNT_CAP,
      }));
      const counted =
        f.order_status_id === undefined ? counts : counts.filter((c) => c.order_status === f.order_status_id);
      const sum = counted.reduce((n, c) => n + c.count, 0);
      return {
        items: rows.map((r) => ({
          id: r.id,
          created: r.created.toISOString(),
          order_status: r.order_status,
          order_status_name: r.order_status_name,
          practice_name: r.representation ?? "",
          user_name: personName(r),
          po_number: r.po_number,
          ship_city: r.ship_city,
          ship_state: r.ship_state,
          total_order_amount: r.total_order_amount,
          date_shipped: r.date_shipped?.toISOString() ?? null,
          tracking_number: r.tracking_number,
        })),
        total: Math.min(sum, DESK_COUNT_CAP),
        total_is_capped: sum > DESK_COUNT_CAP || counted.some((c) => c.is_capped),
        counts,
      };
    },

    /**
     * A plain status change (the contract's ORDER_TRANSITIONS): never from Shipped or Cancelled,
     * to Cancelled only through cancel (which restocks), to Shipped only with a shipment recorded.
     */
    setStatus(staff: Staff, input: { order_id: number; order_status_id: number; note?: string }) {
      return changeOrder(staff, input.order_id, async (tx, order) => {
        const to = input.order_status_id;
        if (to === order.order_status_id) {
          throw new AppError("CONFLICT", `Order #${order.id} is already ${orderStatusName(to)}.`);
        }
        if (to === ORDER_STATUS.CANCELLED) {
          throw new AppError(
            "CONFLICT",
            "Use Cancel order to cancel it: cancelling restocks what is left of the order and tells the practice.",
          );
        }
        if (to === ORDER_STATUS.SHIPPED && (await repo.countShipments(tx, order.id)) === 0) {
          throw new AppError(
            "CONFLICT",
            "An order becomes Shipped when its shipment is recorded: use Ship with the carrier and tracking number.",
          );
        }
        await repo.setStatus(tx, order.id, to);
        await repo.insertHistory(tx, {
          order_id: order.id,
          order_status_id: to,
          user_id: staff.userId,
          note: input.note ?? null,
        });
      });
    },

    /** Lines back ordered with the day each is expected; the order becomes (or stays) Back Ordered. */
    backOrder(staff: Staff, input: BackOrderRequest & { note?: string }) {
      return changeOrder(staff, input.order_id, async (tx, order) => {
        const lines = await orderLines(tx, order.id);
        const today = await repo.findPortalToday(tx);
        const fields: Record<string, string> = {};
        const seen = new Set<number>();
        input.lines.forEach((l, i) => {
          const line = lines.find((x) => x.id === l.order_product_id);
          if (!line) fields[`lines.${i}.order_product_id`] = `Line ${l.order_product_id} is not on order #${order.id}.`;
          else if (seen.has(line.id)) fields[`lines.${i}.order_product_id`] = `${line.product_name} is listed twice.`;
          else if (remainingOf(line) === 0)
            fields[`lines.${i}.order_product_id`] = `Every pack of ${line.product_name} is cancelled.`;
          else if (l.expected_date < today) fields[`lines.${i}.expected_date`] = "The expected date is in the past.";
          seen.add(l.order_product_id);
        });
        if (Object.keys(fields).length) {
          throw new AppError("VALIDATION_FAILED", Object.values(fields).join(" "), fields);
        }
        for (const l of input.lines) await repo.setBackorderDate(tx, l.order_product_id, l.expected_date);
        if (order.order_status_id !== ORDER_STATUS.BACK_ORDERED) {
          await repo.setStatus(tx, order.id, ORDER_STATUS.BACK_ORDERED);
        }
        const expected = input.lines
          .map(
            (l) =>
              `${lines.find((x) => x.id === l.order_product_id)?.product_name} expected ${formatUsDate(l.expected_date)}`,
          )
          .join("; ");
        await repo.insertHistory(tx, {
          order_id: order.id,
          order_status_id: ORDER_STATUS.BACK_ORDERED,
          user_id: staff.userId,
          note: input.note ? `${input.note} (${expected})` : expected,
        });
      });
    },

    /**
     * Ships an open order on a day in one or more packages: shipments, Shipped, date_shipped and
     * tracking_number for the reports, the history, and the practice's email in the outbox — one
     * transaction on the locked order, so of two staff shipping it (or a practice cancelling it)
     * at once, exactly one wins and the other gets 409.
     */
    ship(staff: Staff, input: { order_id: number; shipped_on: string; packages: Package[]; note?: string }) {
      return changeOrder(staff, input.order_id, async (tx, order) => {
        const fields: Record<string, string> = {};
        const today = await repo.findPortalToday(tx);
        if (input.shipped_on > today) fields.shipped_on = "The ship date is in the future.";
        else if (input.shipped_on < portalDay(order.created))
          fields.shipped_on = "The ship date is before the order was placed.";
        const numbers = new Map<string, number>();
        input.packages.forEach((p, i) => {
          const key = trackingNumberKey(p.tracking_number);
          if (numbers.has(key)) fields[`packages.${i}.tracking_number`] = "This tracking number is listed twice.";
          numbers.set(key, i);
        });
        if (Object.keys(fields).length) {
          throw new AppError("VALIDATION_FAILED", Object.values(fields).join(" "), fields);
        }
        await shipLocked(tx, staff, order, input.shipped_on, input.packages, input.note);
      });
    },

    /**
     * Cancels what is left of an order, or some packs of some lines, before it ships: restocked
     * through the ledger, amounts recomputed over what is left, Cancelled when nothing is, the
     * history and the practice's email (orders.service cancelOrderQuantities does the order's part).
     */
    cancel(
      staff: Staff,
      input: { order_id: number; lines?: { order_product_id: number; quantity: number }[]; note?: string },
    ) {
      return changeOrder(staff, input.order_id, async (tx, order) => {
        const lines = await orderLines(tx, order.id);
        let cancels: LineCancel[];
        if (!input.lines) {
          cancels = lines.filter((l) => remainingOf(l) > 0).map((line) => ({ line, quantity: remainingOf(line) }));
        } else {
          const fields: Record<string, string> = {};
          let conflict = false;
          cancels = [];
          const seen = new Set<number>();
          input.lines.forEach((c, i) => {
            const line = lines.find((l) => l.id === c.order_product_id);
            if (!line) {
              fields[`lines.${i}.order_product_id`] = `Line ${c.order_product_id} is not on order #${order.id}.`;
            } else if (seen.has(line.id)) {
              fields[`lines.${i}.order_product_id`] = `${line.product_name} is listed twice.`;
            } else if (c.quantity > remainingOf(line)) {
              conflict = true;
              fields[`lines.${i}.quantity`] =
                remainingOf(line) === 0
                  ? `Every pack of ${line.product_name} is cancelled already.`
                  : `Only ${remainingOf(line)} packs of ${line.product_name} are left to cancel.`;
            } else {
              cancels.push({ line, quantity: c.quantity });
            }
            seen.add(c.order_product_id);
          });
          if (Object.keys(fields).length) {
            const message = Object.values(fields).join(" ");
            throw new AppError(conflict ? "CONFLICT" : "VALIDATION_FAILED", message, fields);
          }
        }
        const result = await cancelOrderQuantities(
          tx,
          order,
          lines,
          cancels,
          { userId: staff.userId, comment: `Cancelled by staff${input.note ? `: ${input.note}` : ""}`.slice(0, 500) },
          config.OPERATIONS_EMAIL,
        );
        const what = cancels.map((c) => `${c.quantity} × ${c.line.product_name}`).join(", ");
        await repo.insertHistory(tx, {
          order_id: order.id,
          order_status_id: result.isCancelled ? ORDER_STATUS.CANCELLED : order.order_status_id,
          user_id: staff.userId,
          note: `${result.isCancelled ? "Order cancelled" : "Cancelled"}: ${what}${input.note ? ` — ${input.note}` : ""}`,
        });
        await queueEmail(tx, {
          kind: "order_cancelled",
          to: [order.email],
          cc: ccOtherThan(await repo.listCcEmails(tx, order.department_id), order.email),
          ...orderCancelledMail(
            order,
            {
              isCancelled: result.isCancelled,
              lines: cancels.map((c) => ({ quantity: c.quantity, name: c.line.product_name })),
              note: input.note,
              totalCents: result.amounts.total_order_amount,
            },
            orderLink(order.id),
          ),
        });
      });
    },

    /** What a carrier CSV would do, row by row; nothing is written. */
    async previewCsv(staff: Staff, text: string): Promise<ShipmentCsvResult> {
      const today = await repo.findPortalToday(db);
      const { rows, fileError } = readCsv(text, today);
      if (fileError) return csvResult([], [], fileError);
      const ids = [...new Set(rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])))];
      const found = new Map((await repo.findOrders(db, ids, staff.customerId, false)).map((o) => [o.id, o]));
      const shipping = checkAgainstOrders(rows, found, await recordedPackages(db, ids));
      return csvResult(rows, [...shipping.keys()], null);
    },

    /**
     * Ships the good rows of a carrier CSV in one transaction: the orders are locked in id order and
     * every row is checked again under the locks, so an order shipped or cancelled meanwhile (or by
     * the same file applied twice, even at once) is refused, never shipped twice.
     */
    async applyCsv(staff: Staff, text: string): Promise<ShipmentCsvResult> {
      return inRetriedTransaction(db, async (tx) => {
        const today = await repo.findPortalToday(tx);
        const { rows, fileError } = readCsv(text, today);
        if (fileError) return csvResult([], [], fileError);
        const ids = [...new Set(rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])))];
        const locked = await repo.findOrders(tx, ids, staff.customerId, true);
        const found = new Map(locked.map((o) => [o.id, o]));
        const shipping = checkAgainstOrders(rows, found, await recordedPackages(tx, ids));
        for (const [orderId, { shippedOn, packages }] of shipping) {
          const order = found.get(orderId) as OrderRow;
          await shipLocked(tx, staff, order, shippedOn, packages, "Shipped from a carrier file");
        }
        return csvResult(rows, [...shipping.keys()], null);
      });
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
