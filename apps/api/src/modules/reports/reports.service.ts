import type {
  InventoryDetailsData,
  InventoryReportData,
  InventoryReportRequestSchema,
  InventoryReportRow,
  OrderProductsData,
  OrderProductsRequestSchema,
  OrderReportData,
  OrderReportRequestSchema,
  ReportFreshness,
} from "@vetportal/contract";
import type { z } from "zod";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { inventoryMonthsSql, inventoryReportSql, monthsEndingWith } from "./inventory-tab-sql.ts";
import { createReportDownloads, type DownloadSettings } from "./report-downloads.ts";
import { groupedViewOf, inventoryDetailsSql, orderProductsSql, orderReportSql } from "./report-sql.ts";
import * as repo from "./reports.repository.ts";

type Row = Record<string, unknown>;
type OrderReportRequest = z.output<typeof OrderReportRequestSchema>;
type OrderProductsRequest = z.output<typeof OrderProductsRequestSchema>;
type InventoryReportRequest = z.output<typeof InventoryReportRequestSchema>;
type Month = { product_id: number; month: string; fill: number; sales: number };

/** The grouped views return their totals as sum__* columns on each row. */
function groupedTotals(row: Row, columns: string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[`sum__${c}`] ?? 0]));
}
/** A grouped view's page rows without the totals columns; a page past the end is one row of nulls. */
function groupedRows(rows: Row[], key: string): Row[] {
  return rows
    .filter((r) => r[key] !== null && r[key] !== undefined)
    .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== "found_rows" && !k.startsWith("sum__"))));
}
const withoutFoundRows = ({ found_rows: _, ...rest }: Row) => rest;

/** The inventory tab's rows with the twelve months of fills and sales ending with date_to's month. */
function withMonths(
  rows: (InventoryReportRow & { customer_sku: string | null })[],
  movements: Month[],
  f: InventoryReportRequest,
) {
  const months = monthsEndingWith(f.date_to);
  const byProduct = new Map<string, { fill: number; sales: number }>();
  for (const m of movements) byProduct.set(`${m.product_id}:${m.month}`, m);
  return rows.map(({ customer_sku, ...row }) => ({
    ...row,
    ...(f.customer_sku ? { customer_sku } : {}),
    months: months.map((month) => {
      const m = byProduct.get(`${row.product_id}:${month}`);
      return { month, fill: m?.fill ?? 0, sales: m?.sales ?? 0 };
    }),
  }));
}

export interface ReportsDeps {
  /** The primary: export codes are written and claimed here. */
  database: DatabaseHandle;
  /** Where report queries and exports read: a read replica, or the primary itself (docs/decisions/025). */
  reads?: DatabaseHandle | undefined;
  settings: DownloadSettings;
}

/**
 * Administrators' reports (issue 5; SPEC §2 "Reports views", §3, §7). Reports read `reads`
 * (a replica when REPORTS_DATABASE_URL is set); export codes are written and claimed on the primary.
 */
export function createReportsService({ database, reads: replica, settings }: ReportsDeps) {
  const readsDatabase = replica ?? database;
  const reads: Database = readsDatabase.db;
  const onReplica = readsDatabase !== database;
  const downloads = createReportDownloads(database, readsDatabase, settings);

  /** The figures' moment, and the replica's lag when reports read one. */
  async function freshness(): Promise<ReportFreshness> {
    if (!onReplica) return { as_of: new Date().toISOString(), replica_lag_seconds: null };
    const { asOf, lagSeconds } = await repo.readFreshness(reads);
    return { as_of: asOf.toISOString(), replica_lag_seconds: Math.round(lagSeconds * 1000) / 1000 };
  }

  async function productOf(user: SessionUser, productId: number) {
    const product = await repo.findProduct(reads, user.customerId, productId);
    if (!product) throw new AppError("NOT_FOUND", "This product does not exist.");
    return product;
  }

  return {
    /** POST /api/report/orderFrontEnd: one page of the chosen view, its totals and the row count. */
    async orderReport(user: SessionUser, request: OrderReportRequest) {
      const { limit, offset, ...filter } = request;
      // The lag is read first: the figures are at least as fresh as it says.
      const fresh = await freshness();
      const { rows, totals } = await repo.runReport(reads, orderReportSql(filter, user.customerId, { limit, offset }));
      const grouped = groupedViewOf(filter.search_by);
      const data = {
        search_by: filter.search_by,
        rows: grouped ? groupedRows(rows, grouped.key) : rows,
        totals: grouped ? groupedTotals(totals, grouped.totals) : withoutFoundRows(totals),
        freshness: fresh,
      } as OrderReportData;
      return { data, found_rows: Number(totals.found_rows ?? 0) };
    },

    /** POST /api/order/listOrderProducts: the lines behind a product summary row. */
    async listOrderProducts(user: SessionUser, request: OrderProductsRequest) {
      const { limit, offset, product_id, ...rest } = request;
      const product = await productOf(user, product_id);
      const { rows, totals } = await repo.runReport(
        reads,
        orderProductsSql({ ...rest, search_by: 2 }, user.customerId, product_id, { limit, offset }),
      );
      const data: OrderProductsData = {
        product_id: product.id,
        product_name: product.name,
        // The statement's columns are the row schema's (report-sql.ts; checked against it in the tests).
        rows: rows as OrderProductsData["rows"],
        totals: { quantity: Number(totals.quantity ?? 0), total_price: Number(totals.total_price ?? 0) },
      };
      return { data, found_rows: Number(totals.found_rows ?? 0) };
    },

    /** POST /api/report/inventoryDetails: one product's ledger in the period. */
    async inventoryDetails(
      user: SessionUser,
      request: { product_id: number; date_from: string; date_to: string; limit: number; offset: number },
    ) {
      const product = await productOf(user, request.product_id);
      const { rows, totals } = await repo.runReport(reads, inventoryDetailsSql(request, product.id, request));
      const data: InventoryDetailsData = {
        product_id: product.id,
        product_name: product.name,
        rows: rows as InventoryDetailsData["rows"],
      };
      return { data, found_rows: Number(totals.found_rows ?? 0) };
    },

    /** POST /api/report/inventoryFrontEnd: stock as of a day, twelve months of fills and sales, an export code. */
    async inventoryReport(user: SessionUser, request: InventoryReportRequest): Promise<InventoryReportData> {
      const { limit, offset, ...filter } = request;
      const fresh = await freshness();
      const rows = await repo.runSql<InventoryReportRow & { customer_sku: string | null }>(
        reads,
        inventoryReportSql(filter, user.customerId, { limit, offset }),
      );
      const ids = rows.map((r) => r.product_id);
      const movements = rows.length ? await repo.runSql<Month>(reads, inventoryMonthsSql(filter.date_to, ids)) : [];
      const { export_code } = await downloads.createExport(user, { report: "inventory", filter });
      return { export_code, freshness: fresh, rows: withMonths(rows, movements, request) };
    },

    filters: (user: SessionUser) => repo.listFilterOptions(reads, user.customerId),

    ...downloads,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
