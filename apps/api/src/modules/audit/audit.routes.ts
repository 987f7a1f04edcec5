import {
  AuditFilterSchema,
  AuditHistoryRequestSchema,
  AuditListRequestSchema,
  AuditRowSchema,
  portalDay,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { page, postData } from "../../http/post-data.ts";
import type { AuditService } from "./audit.service.ts";

/** Reading the trail changes nothing a cache holds. */
const admin = { access: "admin" as const, tags: ["audit"], invalidatesCaches: false };

/** The audit trail (issue 23 §5): administrators only; there is no route that changes a row. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  postData(
    app,
    "/audit/list",
    {
      ...admin,
      summary: "The audit trail, newest first, filtered by person, kind, record and dates, paged",
      body: AuditListRequestSchema,
      data: z.array(AuditRowSchema),
    },
    async (request) => {
      const { rows, total } = await audit.list(request.body);
      return page(rows, total);
    },
  );

  postData(
    app,
    "/audit/record",
    {
      ...admin,
      summary: "One product's, user's or order's own history, newest first",
      body: AuditHistoryRequestSchema,
      data: z.array(AuditRowSchema),
    },
    async (request) => {
      const { kind, record_id, limit, offset } = request.body;
      const { rows, total } = await audit.history(kind, record_id, limit, offset);
      return page(rows, total);
    },
  );

  postData(
    app,
    "/audit/export",
    {
      ...admin,
      summary: "The audit trail's rows the filter matches, as a streamed CSV",
      body: AuditFilterSchema,
      download: true,
    },
    async (request) => ({
      type: "text/csv; charset=utf-8",
      fileName: `audit_${portalDay()}.csv`,
      body: await audit.exportCsv(request.body),
    }),
  );
};
