import { z } from "zod";
import { MESSAGES } from "./messages.ts";

/**
 * Field primitives (decision 013): every value of a request that can reach the database goes
 * through one of these, so "what the database can store" has one home. A value outside them is a
 * 400 with a message, never a database error.
 */

/** Range of PostgreSQL `integer` (int4): every id, quantity, amount and counter column. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Calendar dates the portal accepts (reports, filters): years outside are typing mistakes. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2100;

export const PRIMITIVE_MESSAGES = {
  number: "Must be a number",
  wholeNumber: "Must be a whole number",
  id: "Must be a positive whole number",
  int4Range: `Must be between ${INT4_MIN} and ${INT4_MAX}`,
  text: "Must be text",
  nul: "Must not contain NUL characters",
  unicode: "Must be valid Unicode text (no unpaired surrogates)",
  date: "Enter a date",
  dateFormat: "Enter a date as YYYY-MM-DD",
  realDate: "Enter a real calendar date",
  dateRange: `Enter a date between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`,
  /** A fraction of a cent: a third decimal typed in dollars (issue 22 §6), refused, never rounded. */
  dollarsAndCents: "Enter the price in dollars and cents, e.g. 4.25",
} as const;

/**
 * An integer an int4 column holds: a JSON number, nothing else (decision 028). No coercion: `null`,
 * `true`, `[4]`, `"0x2"` and `""` are refused, not read as 0, 1, 4 or 2. `error` is the message for a
 * missing or non-numeric value, `wholeNumber` for a fraction; callers chain their own `.min()`,
 * `.max()` and `.positive()` with the spec's messages. Form fields (sign-in's urlencoded body, the
 * upload's multipart fields) use `formInt`.
 */
export function dbInt(error: string = PRIMITIVE_MESSAGES.number, wholeNumber: string = PRIMITIVE_MESSAGES.wholeNumber) {
  return z
    .number({ error })
    .min(INT4_MIN, PRIMITIVE_MESSAGES.int4Range)
    .max(INT4_MAX, PRIMITIVE_MESSAGES.int4Range)
    .int(wholeNumber);
}

/**
 * An amount of money in whole cents, as every request carries it (DESIGN §6). A fraction of a cent
 * is what a third decimal typed in dollars becomes: it is refused with `fraction` ("Enter the price
 * in dollars and cents, e.g. 4.25"), never rounded (issue 22 §6). `error` is for a missing value.
 */
export function dbCents(
  error: string = PRIMITIVE_MESSAGES.number,
  fraction: string = PRIMITIVE_MESSAGES.dollarsAndCents,
) {
  return dbInt(error, fraction);
}

/**
 * Dollars as a form holds them (a number or the text typed) → cents, exactly: decimal digits are
 * moved, not multiplied in floating point, and nothing is rounded. "4.25" → 425, "4.250" → 425,
 * 0.29 → 29; a third significant decimal stays a fraction of a cent ("4.255" → 425.5), which
 * `dbCents` refuses; an empty or non-numeric value → NaN (the "missing" message).
 */
export function dollarsToCents(dollars: number | string): number {
  const text = String(dollars).trim();
  // A number so small or large that JavaScript writes it with an exponent: not a typed price.
  if (/e/i.test(text)) return Number(text) * 100;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return Number.NaN;
  const [, sign, whole = "", fraction = ""] = match;
  const cents = Number(`${whole || "0"}${fraction.slice(0, 2).padEnd(2, "0")}.${fraction.slice(2) || "0"}`);
  return sign === "-" ? -cents : cents;
}

/** A whole number written in decimal digits, as a form field carries it (no hex, no exponent, no fraction). */
export const DECIMAL_INTEGER_PATTERN = /^[+-]?\d{1,20}$/;

/**
 * An int4 integer in a form body (urlencoded or multipart), where every value is text: a JSON number
 * or a string of decimal digits (surrounding spaces allowed), nothing else.
 */
export function formInt(
  error: string = PRIMITIVE_MESSAGES.number,
  wholeNumber: string = PRIMITIVE_MESSAGES.wholeNumber,
) {
  const int = dbInt(error, wholeNumber);
  return z.union([int, z.string().trim().regex(DECIMAL_INTEGER_PATTERN).transform(Number).pipe(int)], { error });
}

/** A row id (serial / integer primary key): 1 … INT4_MAX. */
export const IdSchema = dbInt().positive(PRIMITIVE_MESSAGES.id);

/** A row id written as text: in a URL's path or query, or a form field. */
export const TextIdSchema = formInt().pipe(IdSchema);

/** An unpaired UTF-16 surrogate: not Unicode, so neither UTF-8 text nor jsonb can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text a `text` or `jsonb` column holds: no NUL character (PostgreSQL refuses it) and well-formed
 * Unicode (a lone surrogate is refused by jsonb and silently mangled in text). `error` is the
 * message for a missing or non-string value; chain `.trim()`, `.min()`, `.max()`, `.regex()`.
 */
export function dbText(error: string = PRIMITIVE_MESSAGES.text) {
  return z
    .string({ error })
    .refine((s) => !s.includes("\u0000"), PRIMITIVE_MESSAGES.nul)
    .refine((s) => !LONE_SURROGATE.test(s), PRIMITIVE_MESSAGES.unicode);
}

/** A YYYY-MM-DD that names a day that exists (not 2023-02-30): the round trip also refuses any other format. */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
/** A YYYY-MM-DD in the years the portal stores (MIN_DATE_YEAR–MAX_DATE_YEAR). */
export function isInDateRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

/** The documented form of a date: 1900-01-01 … 2100-12-31, months 01–12, days 01–31. */
export const ISO_DATE_DOCUMENTED_PATTERN = "^(19\\d\\d|20\\d\\d|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$";

/** A calendar day, YYYY-MM-DD, that exists, between MIN_DATE_YEAR and MAX_DATE_YEAR. */
export const IsoDateSchema = z
  .string({ error: PRIMITIVE_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PRIMITIVE_MESSAGES.dateFormat)
  .refine(isCalendarDate, { message: PRIMITIVE_MESSAGES.realDate, abort: true })
  .refine(isInDateRange, PRIMITIVE_MESSAGES.dateRange)
  // What the OpenAPI document promises (decision 028): a full-date in 1900–2100, months 01–12 and
  // days 01–31 (the calendar check above also refuses 2023-02-30, which no pattern says).
  .meta({ format: "date", pattern: ISO_DATE_DOCUMENTED_PATTERN, example: "2026-03-02" });

/**
 * A filter's days in order (a refine of every request with date_from and date_to): the end may
 * not come before the start. Either may be left out where the request allows it.
 */
export const datesInOrder: [
  (f: { date_from?: string | undefined; date_to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [(f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, { message: MESSAGES.dateRange, path: ["date_to"] }];
