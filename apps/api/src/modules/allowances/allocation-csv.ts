import {
  ALLOCATION_CSV_HEADER,
  type AllocationImportResult,
  type AllocationRow,
  type AllowancePeriod,
  IsoDateSchema,
  periodStart,
} from "@vetportal/contract";
import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../../lib/app-error.ts";
import { neutralizeCell } from "../../lib/csv.ts";

/*
 * The allocations grid as CSV (decision 039): `user_id,practice,period_start,allotted`. An import
 * is read into rows, each with its own error; nothing is applied while one row is refused.
 */

/** Rows one file may carry. */
export const ALLOCATION_CSV_MAX_ROWS = 5000;
const MAX_ALLOTTED = 100_000_000;

/** The grid of one period as CSV, formula-looking cells neutralised. */
export function allocationsCsv(rows: readonly AllocationRow[], start: string): string {
  const cell = (v: unknown) => {
    const text = neutralizeCell(v);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = rows.map((r) => [r.user_id, r.practice, start, r.allotted].map(cell).join(","));
  return `${[ALLOCATION_CSV_HEADER, ...lines].join("\r\n")}\r\n`;
}

export interface ParsedAllocation {
  line: number;
  user_id: number | null;
  practice: string | null;
  period_start: string | null;
  allotted: number | null;
  error: string | null;
}

const echo = (cell: string) => (cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);

function readRecords(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    if (err instanceof CsvError)
      throw new AppError("VALIDATION_FAILED", `The file is not valid CSV: ${err.message}`, {
        csv: "The file is not valid CSV.",
      });
    throw err;
  }
}

/** One record checked on its own: the numbers, the day (any day of the period), no repeat of a practice. */
function parseRecord(cells: string[], line: number, period: AllowancePeriod, seen: Set<string>): ParsedAllocation {
  const [idText = "", practice = "", dayText = "", allottedText = ""] = cells;
  const row: ParsedAllocation = {
    line,
    user_id: null,
    practice: practice || null,
    period_start: null,
    allotted: null,
    error: null,
  };
  if (!/^\d{1,9}$/.test(idText) || Number(idText) < 1)
    return { ...row, error: `"${echo(idText)}" is not a practice id.` };
  row.user_id = Number(idText);
  if (!IsoDateSchema.safeParse(dayText).success)
    return { ...row, error: `"${echo(dayText)}" is not a day (YYYY-MM-DD).` };
  row.period_start = periodStart(period, dayText);
  if (!/^\d{1,9}$/.test(allottedText) || Number(allottedText) > MAX_ALLOTTED) {
    return { ...row, error: `"${echo(allottedText)}" is not a whole number from 0 to ${MAX_ALLOTTED}.` };
  }
  row.allotted = Number(allottedText);
  const key = `${row.user_id}/${row.period_start}`;
  if (seen.has(key)) return { ...row, error: "This practice and period are already in the file." };
  seen.add(key);
  return row;
}

/** The file's rows, each checked on its own; the header row is required. */
export function parseAllocationsCsv(csv: string, period: AllowancePeriod): ParsedAllocation[] {
  const records = readRecords(csv);
  const [header, ...body] = records;
  if (!header || header.map((h) => h.toLowerCase()).join(",") !== ALLOCATION_CSV_HEADER) {
    throw new AppError("VALIDATION_FAILED", `The first line must be: ${ALLOCATION_CSV_HEADER}`, {
      csv: `The first line must be: ${ALLOCATION_CSV_HEADER}`,
    });
  }
  if (!body.length) throw new AppError("VALIDATION_FAILED", "The file has no rows.", { csv: "The file has no rows." });
  if (body.length > ALLOCATION_CSV_MAX_ROWS) {
    throw new AppError("VALIDATION_FAILED", `At most ${ALLOCATION_CSV_MAX_ROWS} rows per file.`, {
      csv: `At most ${ALLOCATION_CSV_MAX_ROWS} rows per file.`,
    });
  }
  const seen = new Set<string>();
  return body.map((cells, i) => parseRecord(cells, i + 2, period, seen));
}

/** The rows with the practices that are not the customer's refused. */
export function checkPractices(rows: ParsedAllocation[], practiceIds: ReadonlySet<number>): ParsedAllocation[] {
  return rows.map((r) =>
    r.error || r.user_id === null || practiceIds.has(r.user_id)
      ? r
      : { ...r, error: `No practice has the id ${r.user_id}.` },
  );
}

export const importResult = (rows: ParsedAllocation[], applied: boolean): AllocationImportResult => ({
  rows,
  errors: rows.filter((r) => r.error).length,
  applied,
});
