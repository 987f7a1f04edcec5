import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { EXPORT_CODE_TTL_SECONDS, ReportExportRequestSchema } from "@vetportal/contract";
import type { z } from "zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashToken } from "../../lib/hashing.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { openCsvStream } from "./csv-stream.ts";
import { inventoryExportFileName, inventoryExportSql } from "./inventory-tab-sql.ts";
import { exportFileName, orderExportSql } from "./report-sql.ts";
import { inlineSql } from "./report-sql-parts.ts";
import * as repo from "./reports.repository.ts";

type ReportExportRequest = z.output<typeof ReportExportRequestSchema>;

const USED_OR_EXPIRED = "This download link has expired or was already used. Export the report again.";

export interface DownloadSettings {
  /** Downloads streaming at once; more answer EXPORTS_BUSY. */
  EXPORT_CONCURRENCY: number;
  /** A download whose client has not read for this long ends. */
  EXPORT_IDLE_TIMEOUT_MS: number;
}

/**
 * The report exports (docs/decisions/009, 025): a short-lived code written and claimed on the
 * primary (`database`), the CSV streamed from the reports database (`reads`).
 */
export function createReportDownloads(database: DatabaseHandle, reads: DatabaseHandle, settings: DownloadSettings) {
  const db = database.db;
  let downloading = 0;

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

  /** The CSV stream of a claimed code; on failure the code is given back, so the link works on a retry. */
  async function streamOf(found: NonNullable<Awaited<ReturnType<typeof repo.claimExport>>>): Promise<Readable> {
    // Stored requests were validated when the code was made; parsing again restores their types.
    const request = ReportExportRequestSchema.parse(found.request);
    const statement =
      request.report === "order"
        ? orderExportSql(request.filter, found.customer_id)
        : inventoryExportSql(request.filter, found.customer_id);
    try {
      return await openCsvStream(reads, inlineSql(statement), { idleTimeoutMs: settings.EXPORT_IDLE_TIMEOUT_MS });
    } catch (err) {
      // Nothing was sent: the link keeps working for a retry. Once more on a fresh connection
      // if the first fails (a fault may have broken the one the pool lent); best effort beyond.
      await repo
        .restoreExport(db, found)
        .catch(() => repo.restoreExport(db, found))
        .catch(() => {});
      throw err;
    }
  }

  return {
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
     * most EXPORT_CONCURRENCY downloads stream at once (EXPORTS_BUSY beyond, before the code is
     * used); a code works once; a client that stops reading is cut off (docs/decisions/025).
     */
    async openDownload(code: string): Promise<{ fileName: string; stream: Readable }> {
      if (downloading >= settings.EXPORT_CONCURRENCY) throw new AppError("EXPORTS_BUSY");
      downloading++;
      let finished = false;
      const finish = () => {
        if (!finished) downloading--;
        finished = true;
      };
      try {
        const found = await repo.claimExport(db, hashToken(code));
        if (!found) throw new AppError("NOT_FOUND", USED_OR_EXPIRED);
        const stream = await streamOf(found);
        stream.once("close", finish);
        return { fileName: found.file_name, stream };
      } catch (err) {
        finish();
        throw err;
      }
    },
  };
}
