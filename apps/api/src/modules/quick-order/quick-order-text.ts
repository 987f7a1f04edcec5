import {
  CART_MAX_QUANTITY,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MESSAGES,
  type QuickOrderReason,
  skuKey,
} from "@vetportal/contract";
import { AppError } from "../../lib/app-error.ts";

/*
 * The text of a quick order (decision 041) read into lines of SKU and quantity: typed, pasted from a
 * spreadsheet (tabs), or a CSV file's contents (commas or semicolons, quoted cells), with blank lines
 * and a header row tolerated. Pure: the service checks the lines against the catalogue.
 */

export interface ReadLine {
  /** The line of the text (1 is the first). */
  line: number;
  sku: string;
  quantityText: string;
  quantity: number | null;
  /** What is wrong with the line on its own, before the catalogue is asked. */
  refusal: { reason: QuickOrderReason; message: string } | null;
}

/** Header names of the two columns, compared without case, spaces or punctuation. */
const SKU_HEADERS = [
  "sku",
  "customersku",
  "itemnumber",
  "itemno",
  "item",
  "productcode",
  "code",
  "partnumber",
  "product",
];
const QUANTITY_HEADERS = ["quantity", "qty", "quantityordered", "packs", "amount", "count"];
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A cell as a message quotes it: at most 40 characters, so a pasted page never comes back whole. */
const ECHO_MAX = 40;
export const echo = (cell: string) => {
  const chars = [...cell];
  return chars.length > ECHO_MAX ? `${chars.slice(0, ECHO_MAX).join("")}…` : cell;
};

/** One CSV record's cells with `delimiter`: double quotes around a cell, `""` inside one. */
function splitQuoted(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/**
 * A line's cells: tabs (a spreadsheet's paste) first, then semicolons, then commas, else spaces
 * (the last word is the quantity, so a SKU may hold spaces).
 */
export function cellsOf(line: string): string[] {
  for (const delimiter of ["\t", ";", ","]) if (line.includes(delimiter)) return splitQuoted(line, delimiter);
  const words = line.trim().split(/\s+/);
  return words.length < 2 ? words : [words.slice(0, -1).join(" "), words.at(-1) as string];
}

/** Characters of a SKU read (and shown back for fixing); a longer cell is no SKU of the catalogue. */
const SKU_MAX = 100;

const WHOLE = /^\+?\d{1,3}(,\d{3})+$|^\+?\d+(\.0+)?$/;

/** A quantity as written: a whole number of packs (thousands commas allowed), or why it is not one. */
export function readQuantity(text: string): { quantity: number } | { message: string } {
  if (!text) return { message: "The quantity is missing: write the SKU, then the number of packs." };
  if (!WHOLE.test(text)) {
    return /^\+?\d*\.\d+$/.test(text)
      ? { message: `"${echo(text)}" is not a whole number: only whole packs can be ordered.` }
      : { message: `"${echo(text)}" is not a quantity: write a whole number of packs.` };
  }
  const quantity = Number(text.replace(/[,+]/g, ""));
  if (quantity < 1) return { message: "The quantity must be at least 1 pack." };
  if (quantity > CART_MAX_QUANTITY) {
    return { message: `The quantity must be at most ${CART_MAX_QUANTITY.toLocaleString("en-US")} packs.` };
  }
  return { quantity };
}

/** The column of each field when the first line is a header row naming them; null when it is not one. */
function headerColumns(cells: string[]): { sku: number; quantity: number } | null {
  const names = cells.map(squash);
  if (names.length < 2 || "quantity" in readQuantity(cells[cells.length - 1] ?? "")) return null;
  const sku = names.findIndex((n) => SKU_HEADERS.includes(n));
  const quantity = names.findIndex((n) => QUANTITY_HEADERS.includes(n));
  if (sku === -1 && quantity === -1) return null;
  return { sku: sku === -1 ? 0 : sku, quantity: quantity === -1 ? names.length - 1 : quantity };
}

function lineOf(line: number, cells: string[], columns: { sku: number; quantity: number } | null): ReadLine {
  const sku = (columns ? cells[columns.sku] : cells[0]) ?? "";
  // Without a header, the quantity is the last filled cell after the SKU (a name may sit between).
  const rest = cells.slice(1).filter((c) => c !== "");
  const quantityText = (columns ? cells[columns.quantity] : rest.at(-1)) ?? "";
  const read = readQuantity(quantityText);
  let refusal: ReadLine["refusal"] = null;
  if (!sku)
    refusal = { reason: "missing_sku", message: "The SKU is missing: write the SKU, then the number of packs." };
  else if ("message" in read) refusal = { reason: "bad_quantity", message: read.message };
  return {
    line,
    sku: sku.slice(0, SKU_MAX),
    quantityText: echo(quantityText),
    quantity: "quantity" in read ? read.quantity : null,
    refusal,
  };
}

/**
 * The lines of a quick order's text. Blank lines are skipped; a first line that names its columns
 * (SKU, Quantity, …) is a header. More than QUICK_ORDER_MAX_LINES lines, or none, is a 400.
 */
export function readQuickOrderText(text: string): { lines: ReadLine[]; headerSkipped: boolean } {
  const raw = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const filled = raw.map((content, i) => ({ content, line: i + 1 })).filter((l) => l.content.trim() !== "");
  const first = filled[0];
  const columns = first ? headerColumns(cellsOf(first.content)) : null;
  const body = columns ? filled.slice(1) : filled;
  if (!body.length) {
    throw new AppError("VALIDATION_FAILED", QUICK_ORDER_MESSAGES.empty, { text: QUICK_ORDER_MESSAGES.empty });
  }
  if (body.length > QUICK_ORDER_MAX_LINES) {
    const message = QUICK_ORDER_MESSAGES.tooManyLines(body.length);
    throw new AppError("VALIDATION_FAILED", message, { text: message });
  }
  return { lines: body.map((l) => lineOf(l.line, cellsOf(l.content), columns)), headerSkipped: columns !== null };
}

/** A group of lines of one SKU: the first line, with the later ones' quantities added to it. */
export interface LineGroup extends ReadLine {
  key: string;
  merged: number[];
}

/**
 * Lines of the same SKU (without case or surrounding spaces) become one, at the sum of their
 * quantities, reported on the first (decision 041). A line refused on its own stays on its own.
 */
export function mergeDuplicates(lines: ReadLine[]): LineGroup[] {
  const groups: LineGroup[] = [];
  const byKey = new Map<string, LineGroup>();
  for (const line of lines) {
    const key = skuKey(line.sku);
    const earlier = line.refusal ? undefined : byKey.get(key);
    if (earlier && earlier.quantity !== null && line.quantity !== null) {
      earlier.quantity += line.quantity;
      earlier.merged.push(line.line);
      continue;
    }
    const group: LineGroup = { ...line, key, merged: [] };
    groups.push(group);
    if (!line.refusal) byKey.set(key, group);
  }
  return groups;
}
