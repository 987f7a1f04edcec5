import {
  CARRIERS,
  type CarrierCode,
  formatUsDate,
  ORDER_STATUS,
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
import type { OrderRow } from "../orders/orders.service.ts";

/*
 * A carrier's CSV file (issue 11): read into rows with the errors each has on its own, then checked
 * against the orders as they stand. Pure functions: fulfilment.service reads and writes the orders.
 */

/** A package of a shipment: its carrier and tracking number. */
export interface Package {
  carrier: CarrierCode;
  tracking_number: string;
}

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

export interface CsvRow extends ShipmentCsvRow {
  carrierCode?: CarrierCode;
  /** A repeat of an earlier row: refused alone, the earlier row still ships. */
  isDuplicate?: boolean;
}

/**
 * One record of a carrier file as a row with the errors it has on its own; `seen` holds the lines
 * of the packages read so far, to refuse a repeat.
 */
function rowOf(
  record: string[],
  lineNumber: number,
  column: Record<keyof typeof CSV_HEADERS, number>,
  today: string,
  seen: Map<string, number>,
): CsvRow {
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
    } else seen.set(key, lineNumber);
  }
  return {
    line: lineNumber,
    order_id: orderId,
    tracking_number: tracking.slice(0, 100),
    carrier: carrierCode ?? (cell("carrier").slice(0, 50) || null),
    shipped_on: shippedOn,
    error,
    carrierCode,
    isDuplicate,
  };
}

/**
 * Reads a carrier CSV (a header row, then one package per row) into rows with the errors a row
 * has on its own: a bad order id, a missing or malformed tracking number, an unknown carrier, a
 * date that is not one or lies in the future, a row repeated. A file without the four columns
 * reads no row at all.
 */
export function readCsv(text: string, today: string): { rows: CsvRow[]; fileError: string | null } {
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
  const rows = body.map(({ record, info }) => rowOf(record, info.lines, column, today, seen));
  return { rows, fileError: null };
}

/**
 * The rows' errors against the orders as they stand: unknown, shipped or cancelled orders, a ship
 * day before the order was placed, two days for one order. An order ships only if every one of
 * its rows is good; its other rows are refused with it.
 */
export function checkAgainstOrders(rows: CsvRow[], found: Map<number, OrderRow>, recorded: Set<string>) {
  const dayOf = new Map<number, { day: string; line: number }>();
  for (const row of rows) {
    if (row.error || row.order_id === null || !row.shipped_on) continue;
    const order = found.get(row.order_id);
    if (!order) row.error = `Order #${row.order_id} does not exist.`;
    else if (order.is_destroy) row.error = `Order #${order.id} is a destroy order: nothing ships.`;
    else if (recorded.has(`${order.id}\u0000${trackingNumberKey(row.tracking_number)}`)) {
      // The same package sent again (a file re-imported, or part of a split order): refused alone.
      row.isDuplicate = true;
      row.error = `Order #${order.id} already shipped with this tracking number.`;
    } else if (order.order_status_id === ORDER_STATUS.SHIPPED) {
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

export function csvResult(rows: CsvRow[], shipped: number[], fileError: string | null): ShipmentCsvResult {
  return {
    rows: rows.map(({ carrierCode: _code, isDuplicate: _duplicate, ...row }) => row),
    shipped_orders: shipped,
    refused_rows: rows.filter((r) => r.error).length,
    file_error: fileError,
  };
}
