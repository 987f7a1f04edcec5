import {
  isSummed,
  REPORT_OPTIONAL_COLUMNS,
  type ReportColumnSpec,
  type ReportFilter,
  type ReportOptionalColumn,
  type ReportView,
  type ReportViewSpec,
} from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { dollars, isoTime, join, localDateTime, type Page, safe } from "./report-sql-parts.ts";

/**
 * The SQL half of a report view's spec (docs/decisions/032): the contract's spec says what the
 * columns are (packages/contract/src/report-views.ts); this says where each comes from. From the
 * two, this file derives every statement of the view: the page, its totals and the CSV — one text
 * for each, which the JSON page, the CSV export and the benchmark all run (decision 008).
 */

type ColumnKey<V extends ReportViewSpec> = V["columns"][number]["key"];
type OptionalKey<V extends ReportViewSpec> = V["optional"][number];

interface ViewSqlOf<V extends ReportViewSpec> {
  view: V;
  /** The SQL expression of each column over the view's rows, before it is written as JSON or CSV. */
  select: Record<ColumnKey<V>, string>;
  /** The SQL expression of each optional column the view can show. */
  optional: Record<OptionalKey<V>, string>;
}

/** Where a listed view's totals come from, when not from its rows: a rollup, or another line source. */
export interface TotalsSource<V extends ReportViewSpec> {
  /** Everything after FROM. */
  from: SQL;
  /** The row count (default count(*)). */
  count?: string;
  /** Each summed column's expression (default the column's own). */
  sums?: Partial<Record<ColumnKey<V>, string>>;
}

/**
 * A view with a row per record (orders, lines), found newest first: the page is a limited subquery
 * of the rows, joined to what the columns need; the totals are a second statement over the rows.
 */
export interface ListedViewSql<V extends ReportViewSpec> extends ViewSqlOf<V> {
  kind: "listed";
  /** The statement of the rows (aliased `o` in the others): one page of them, or all when `page` is null. */
  rows(f: ReportFilter, customerId: number, page: Page | null): SQL;
  /** The joins after the rows `o` that the column expressions need. */
  joins: string;
  orderBy(f: ReportFilter): string;
  /** The totals' source when it is not the rows themselves. */
  totals?(f: ReportFilter, customerId: number): TotalsSource<V>;
}

/**
 * A view with a row per group (product, user): the groups are computed once, their totals over
 * them, and one statement answers the page and the totals (the totals on every row).
 */
export interface GroupedViewSql<V extends ReportViewSpec> extends ViewSqlOf<V> {
  kind: "grouped";
  /** Everything after FROM in the statement of the groups. */
  groups(f: ReportFilter, customerId: number): SQL;
  /** The groups' order, by column keys. */
  orderBy: readonly ColumnKey<V>[];
  /** The daily rollup the view reads when the filter allows it (docs/decisions/008, 010). */
  rollup?: string;
}

export type ViewSql<V extends ReportViewSpec = ReportView> = ListedViewSql<V> | GroupedViewSql<V>;
/** A view's SQL with its keys checked against its spec, as the derivations below read it. */
export const viewSql = <V extends ReportViewSpec>(spec: ViewSql<V>) => spec as unknown as ViewSql<ReportViewSpec>;

export interface ReportStatements {
  /** The page's rows. */
  rows: SQL;
  /**
   * The totals row (found_rows plus each summed column). Null when `rows` carries them itself:
   * the grouped views compute their groups once and return the totals on every page row
   * (and on one row of nulls when the page is past the end).
   */
  totals: SQL | null;
}

const expression = (spec: ViewSql<ReportViewSpec>, key: string) =>
  (spec.select as Record<string, string>)[key] ?? "null";
const optionalExpression = (spec: ViewSql<ReportViewSpec>, key: ReportOptionalColumn) =>
  (spec.optional as Partial<Record<ReportOptionalColumn, string>>)[key] ?? "null";

/** A column of the page's SELECT: `a.key` as it is needs no alias; anything else is named after its column. */
function pageColumn(column: Pick<ReportColumnSpec, "format" | "key">, source: string): SQL {
  const value = jsonValue(column, source);
  const bare = column.format !== "time" && column.format !== "count" && column.format !== "money";
  return bare && new RegExp(`^\\w+\\.${column.key}$`).test(source) ? value : sql`${value} as ${sql.raw(column.key)}`;
}

/** A cast after an expression, in parentheses unless it is a name or already one call or group. */
function cast(source: string, type: string): string {
  if (/^[\w.]+$/.test(source)) return `${source}::${type}`;
  const open = source.indexOf("(");
  if (open >= 0 && /^\w*$/.test(source.slice(0, open))) {
    let depth = 0;
    for (let i = open; i < source.length; i++) {
      depth += source[i] === "(" ? 1 : source[i] === ")" ? -1 : 0;
      if (depth === 0) return i === source.length - 1 ? `${source}::${type}` : `(${source})::${type}`;
    }
  }
  return `(${source})::${type}`;
}

/** A column as the JSON page reads it: counts as int4 and money as float8 (JS numbers on both drivers), times as ISO-8601 UTC. */
function jsonValue(column: Pick<ReportColumnSpec, "format">, source: string): SQL {
  if (column.format === "time") return isoTime(source);
  if (column.format === "count") return sql.raw(cast(source, "int"));
  if (column.format === "money") return sql.raw(cast(source, "float8"));
  return sql.raw(source);
}

/** A column as the CSV writes it (decision 009): dollars, portal time, text guarded against formulas. */
function csvValue(column: Pick<ReportColumnSpec, "format">, source: string): SQL {
  if (column.format === "money") return dollars(source);
  if (column.format === "time") return localDateTime(source);
  if (column.format === "text") return safe(source);
  return sql.raw(source);
}

/** Which optional columns of the view the filter asked for. */
export const optionalColumnsOf = (view: ReportViewSpec, f: ReportFilter) =>
  REPORT_OPTIONAL_COLUMNS.filter((c) => view.optional.includes(c.key) && f[c.key]);

/** The page's SELECT list: every column, then the optional ones asked for. */
function pageColumns(spec: ViewSql<ReportViewSpec>, f: ReportFilter): SQL {
  const columns = spec.view.columns.map((c) => pageColumn(c, expression(spec, c.key)));
  const optional = optionalColumnsOf(spec.view, f).map(
    (c) => sql`${jsonValue(c, optionalExpression(spec, c.key))} as ${sql.identifier(c.key)}`,
  );
  return join([...columns, ...optional]);
}

/** "Ship to" → "Ship To": an optional column's label in the CSV's header style. */
const optionalHeader = (label: string) => label.replace(/\b\w/g, (ch) => ch.toUpperCase());

/** The CSV's SELECT list: the columns it exports, then the optional ones asked for; `source` finds a column's value. */
function csvColumns(
  spec: ViewSql<ReportViewSpec>,
  f: ReportFilter,
  source: (key: string, optional: boolean) => string,
) {
  const columns = spec.view.columns.flatMap((c) =>
    c.csv === false ? [] : [sql`${csvValue(c, source(c.key, false))} as ${sql.identifier(c.csv ?? c.label)}`],
  );
  const optional = optionalColumnsOf(spec.view, f).map(
    (c) => sql`${csvValue(c, source(c.key, true))} as ${sql.identifier(optionalHeader(c.label))}`,
  );
  return join([...columns, ...optional]);
}

/** The view's summed columns (its totals), by key. */
export const summedKeys = (view: ReportViewSpec) => view.columns.filter(isSummed).map((c) => c.key);

/** A listed view's totals: the row count, the view's own count when it names one, each summed column. */
function listedTotals(spec: ListedViewSql<ReportViewSpec>, f: ReportFilter, customerId: number): SQL {
  const source = spec.totals?.(f, customerId) ?? { from: sql`(${spec.rows(f, customerId, null)}) o` };
  const count = source.count ?? "count(*)";
  const counts = [count, ...(spec.view.countedAs ? [count] : [])].map((c, i) =>
    sql.raw(`${cast(c, "int")} as ${i === 0 ? "found_rows" : spec.view.countedAs}`),
  );
  const sums = spec.view.columns.filter(isSummed).map((c) => {
    const sum = `coalesce(sum(${(source.sums as Record<string, string> | undefined)?.[c.key] ?? expression(spec, c.key)}), 0)`;
    return sql.raw(`${cast(sum, c.format === "money" ? "float8" : "int")} as ${c.key}`);
  });
  return sql`select ${join([...counts, ...sums])} from ${source.from}`;
}

/** The groups of a grouped view, each row with every column (and the optional ones asked for). */
const groupsOf = (spec: GroupedViewSql<ReportViewSpec>, f: ReportFilter, customerId: number) =>
  sql`select ${pageColumns(spec, f)} from ${spec.groups(f, customerId)}`;

/**
 * The grouped views share one shape: the groups once (materialized), their totals, and the page
 * joined to the totals so a single statement answers both.
 */
function groupedPage(groups: SQL, totals: string[], orderBy: readonly string[], page: Page): SQL {
  const sums = totals.map((c) => `coalesce(sum(${c}), 0)::float8 as sum__${c}`).join(", ");
  return sql`with g as materialized (${groups}),
    t as (select count(*)::int as found_rows, ${sql.raw(sums)} from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by ${sql.raw(orderBy.join(", "))} limit ${page.limit} offset ${page.offset}) pg on true
    order by ${sql.raw(orderBy.map((c) => `pg.${c}`).join(", "))}`;
}

/** The statements of one page of a view: its rows and, for a listed view, its totals. */
export function pageStatements(spec: ViewSql<ReportViewSpec>, f: ReportFilter, customerId: number, page: Page) {
  if (spec.kind === "grouped") {
    const rows = groupedPage(groupsOf(spec, f, customerId), summedKeys(spec.view), spec.orderBy, page);
    return { rows, totals: null } satisfies ReportStatements;
  }
  const rows = sql`select ${pageColumns(spec, f)}
    from (${spec.rows(f, customerId, page)}) o
    ${sql.raw(spec.joins)}
    order by ${sql.raw(spec.orderBy(f))}`;
  return { rows, totals: listedTotals(spec, f, customerId) } satisfies ReportStatements;
}

/** The CSV statement of a view: every matching row, in the page's order. */
export function csvStatement(spec: ViewSql<ReportViewSpec>, f: ReportFilter, customerId: number): SQL {
  if (spec.kind === "grouped") {
    return sql`select ${csvColumns(spec, f, (key) => `g.${key}`)} from (${groupsOf(spec, f, customerId)}) g order by ${sql.raw(
      spec.orderBy.map((c) => `g.${c}`).join(", "),
    )}`;
  }
  const columns = csvColumns(spec, f, (key, optional) =>
    optional ? optionalExpression(spec, key as ReportOptionalColumn) : expression(spec, key),
  );
  return sql`select ${columns}
    from (${spec.rows(f, customerId, null)}) o
    ${sql.raw(spec.joins)}
    order by ${sql.raw(spec.orderBy(f))}`;
}
