import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import {
  EXPORT_CODE_TTL_SECONDS,
  type InventoryDetailsData,
  type InventoryReportData,
  type InventoryReportRequestSchema,
  type InventoryReportRow,
  type OrderProductsData,
  type OrderProductsRequestSchema,
  type OrderReportData,
  type OrderReportRequestSchema,
  ReportExportRequestSchema,
  type ReportFreshness,
  type SearchBy,
} from "@vetportal/contract";
import type { z } from "zod";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashToken } from "../../lib/hashing.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { openCsvStream } from "./csv-stream.ts";
import {
  exportFileName,
  INVENTORY_TOTALS,
  inlineSql,
  inventoryDetailsSql,
  inventoryExportFileName,
  inventoryExportSql,
  inventoryMonthsSql,
  inventoryReportSql,
  monthsEndingWith,
  orderExportSql,
  orderProductsSql,
  orderReportSql,
  PRODUCT_TOTALS,
  USER_TOTALS,
} from "./report-sql.ts";
import * as repo from "./reports.repository.ts";

type Row = Record<string, unknown>;
type OrderReportRequest = z.output<typeof OrderReportRequestSchema>;
type OrderProductsRequest = z.output<typeof OrderProductsRequestSchema>;
type InventoryReportRequest = z.output<typeof InventoryReportRequestSchema>;
type ReportExportRequest = z.output<typeof ReportExportRequestSchema>;

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
/** The views that group rows (their totals come on each row), with their key and summed columns. */
const GROUPED_VIEWS: Partial<Record<SearchBy, { key: string; totals: string[] }>> = {
  2: { key: "product_id", totals: PRODUCT_TOTALS },
  3: { key: "user_id", totals: USER_TOTALS },
  5: { key: "product_id", totals: INVENTORY_TOTALS },
};

const USED_OR_EXPIRED = "This download link has expired or was already used. Export the report again.";

export interface ReportsOptions {
  /** Where report queries and exports read: a read replica, or the primary itself (docs/decisions/025). */
  reads?: DatabaseHandle;
  /** Downloads streaming at once; more answer EXPORTS_BUSY. */
  exportConcurrency: number;
  /** A download whose client has not read for this long ends. */
  exportIdleTimeoutMs: number;
}

/**
 * Administrators' reports (issue 5; SPEC §2 "Reports views", §3, §7). Reports read `options.reads`
 * (a replica when REPORTS_DATABASE_URL is set); export codes are written and claimed on the primary.
 */
export function createReportsService(database: DatabaseHandle, options: ReportsOptions) {
  const db: Database = database.db;
  const readsDatabase = options.reads ?? database;
  const reads: Database = readsDatabase.db;
  const onReplica = readsDatabase !== database;
  let downloading = 0;

  /** The figures' moment, and the replica's lag when reports read one. */
  async function freshness(): Promise<ReportFreshness> {
    if (!onReplica) return { as_of: new Date().toISOString(), replica_lag_seconds: null };
    const { asOf, lagSeconds } = await repo.readFreshness(reads);
    return { as_of: asOf.toISOString(), replica_lag_seconds: Math.round(lagSeconds * 1000) / 1000 };
  }

  /** A short-lived code standing for the CSV of every row a report request matches. */
  async function createExport(user: SessionUser, request: ReportExportRequest) {
    const fileName =
      request.report === "order" ? exportFileName(request.filter) : inventoryExportFileName(request.filter);
    const code = randomBytes(24).toString("base64url");
    const expires = new Date(Date.now() + EXPORT_CODE_TTL_SECONDS * 1000);
    await repo.insertExport(db, {
      code_hash: hashToken(code),
      user_id: user.userId,
      customer_id: user.customerId,
      request,
      file_name: fileName,
      expires_at: expires,
    });
    return {
      export_code: code,
      url: `/api/report/download?code=${code}`,
      file_name: fileName,
      expires: expires.toISOString(),
    };
  }

  return {
    /** POST /api/report/orderFrontEnd: one page of the chosen view, its totals and the row count. */
    async orderReport(user: SessionUser, request: OrderReportRequest) {
      const { limit, offset, ...filter } = request;
      // The lag is read first: the figures are at least as fresh as it says.
      const fresh = await freshness();
      const { rows, totals } = await repo.runReport(reads, orderReportSql(filter, user.customerId, { limit, offset }));
      const grouped = GROUPED_VIEWS[filter.search_by];
      const data = {
        search_by: filter.search_by,
        rows: grouped ? groupedRows(rows, grouped.key) : rows,
        totals: grouped ? groupedTotals(totals, grouped.totals) : withoutFoundRows(totals),
        freshness: fresh,
      } as OrderReportData;
      const found_rows = Number(totals.found_rows ?? 0);
      return { data, found_rows };
    },

    /** POST /api/order/listOrderProducts: the lines behind a product summary row. */
    async listOrderProducts(user: SessionUser, request: OrderProductsRequest) {
      const { limit, offset, product_id, ...rest } = request;
      const product = await repo.findProduct(reads, user.customerId, product_id);
      if (!product) throw new AppError("NOT_FOUND", "This product does not exist.");
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
      const product = await repo.findProduct(reads, user.customerId, request.product_id);
      if (!product) throw new AppError("NOT_FOUND", "This product does not exist.");
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
      const months = monthsEndingWith(filter.date_to);
      const movements = rows.length
        ? await repo.runSql<{ product_id: number; month: string; fill: number; sales: number }>(
            reads,
            inventoryMonthsSql(
              filter.date_to,
              rows.map((r) => r.product_id),
            ),
          )
        : [];
      const byProduct = new Map<string, { fill: number; sales: number }>();
      for (const m of movements) byProduct.set(`${m.product_id}:${m.month}`, m);
      const { export_code } = await createExport(user, { report: "inventory", filter });
      return {
        export_code,
        freshness: fresh,
        rows: rows.map(({ customer_sku, ...row }) => ({
          ...row,
          ...(filter.customer_sku ? { customer_sku } : {}),
          months: months.map((month) => {
            const m = byProduct.get(`${row.product_id}:${month}`);
            return { month, fill: m?.fill ?? 0, sales: m?.sales ?? 0 };
          }),
        })),
      };
    },

    filters: (user: SessionUser) => repo.listFilterOptions(reads, user.customerId),

    /** POST /api/report/export. */
    createExport,

    /** HEAD /api/report/download: the file name a code stands for, without using the code up. */
    async describeDownload(code: string): Promise<{ fileName: string }> {
      const found = await repo.findExport(db, hashToken(code));
      if (!found) throw new AppError("NOT_FOUND", USED_OR_EXPIRED);
      return { fileName: found.file_name };
    },

    /**
     * GET /api/report/download: the CSV a code stands for, streamed from the reports database. At
     * most `exportConcurrency` downloads stream at once (EXPORTS_BUSY beyond, before the code is
     * used); a code works once; a client that stops reading is cut off (docs/decisions/025).
     */
    async openDownload(code: string): Promise<{ fileName: string; stream: Readable }> {
      if (downloading >= options.exportConcurrency) throw new AppError("EXPORTS_BUSY");
      downloading++;
      let finished = false;
      const finish = () => {
        if (!finished) downloading--;
        finished = true;
      };
      try {
        const found = await repo.claimExport(db, hashToken(code));
        if (!found) throw new AppError("NOT_FOUND", USED_OR_EXPIRED);
        // Stored requests were validated when the code was made; parsing again restores their types.
        const request = ReportExportRequestSchema.parse(found.request);
        const statement =
          request.report === "order"
            ? orderExportSql(request.filter, found.customer_id)
            : inventoryExportSql(request.filter, found.customer_id);
        let stream: Readable;
        try {
          stream = await openCsvStream(readsDatabase, inlineSql(statement), {
            idleTimeoutMs: options.exportIdleTimeoutMs,
          });
        } catch (err) {
          // Nothing was sent: the link keeps working for a retry. Once more on a fresh connection
          // if the first fails (a fault may have broken the one the pool lent); best effort beyond.
          await repo
            .restoreExport(db, found)
            .catch(() => repo.restoreExport(db, found))
            .catch(() => {});
          throw err;
        }
        stream.once("close", finish);
        return { fileName: found.file_name, stream };
      } catch (err) {
        finish();
        throw err;
      }
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
