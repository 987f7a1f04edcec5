import {
  InventoryDetailsDataSchema,
  InventoryDetailsRequestSchema,
  InventoryReportDataSchema,
  InventoryReportRequestSchema,
  OrderProductsDataSchema,
  OrderProductsRequestSchema,
  OrderReportDataSchema,
  OrderReportRequestSchema,
  ReportDownloadQuerySchema,
  ReportExportRequestSchema,
  ReportExportSchema,
  ReportFiltersSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type App, page, postData } from "../../http/post-data.ts";
import type { ReportsService } from "./reports.service.ts";

const tags = ["reports"];
const admin = { access: "admin" as const, tags };

/**
 * GET /api/report/download, not a route of postData: the browser downloads by plain navigation,
 * and a HEAD (Fastify answers it with this handler) reads the code without using it up or running
 * the export (decision 025).
 */
function downloadRoute(app: App, reports: ReportsService) {
  app.get(
    "/report/download",
    {
      // The code is the credential: no bearer header.
      config: { access: "public" },
      schema: {
        tags,
        summary: "Streams the CSV an export code stands for (text/csv attachment)",
        querystring: ReportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } =
        request.method === "HEAD"
          ? { ...(await reports.describeDownload(request.query.code)), stream: undefined }
          : await reports.openDownload(request.query.code);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );
}

/** The administrator's reports (issue 5; SPEC §7 "Reports"). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  postData(
    app,
    "/report/filters",
    {
      ...admin,
      summary: "Selects of the report filter: departments, cost centers, statuses (ALL = 0 first), categories",
      data: ReportFiltersSchema,
    },
    (request) => reports.filters(request.user),
  );

  postData(
    app,
    "/report/orderFrontEnd",
    {
      ...admin,
      summary: "Order report: one page of the order, product, user, item or inventory summary, with totals",
      body: OrderReportRequestSchema,
      data: OrderReportDataSchema,
    },
    async (request) => {
      const { data, found_rows } = await reports.orderReport(request.user, request.body);
      return page(data, found_rows);
    },
  );

  postData(
    app,
    "/order/listOrderProducts",
    {
      ...admin,
      summary: "Product detail of the report: the order lines of one product under the report filter",
      body: OrderProductsRequestSchema,
      data: OrderProductsDataSchema,
    },
    async (request) => {
      const { data, found_rows } = await reports.listOrderProducts(request.user, request.body);
      return page(data, found_rows);
    },
  );

  postData(
    app,
    "/report/inventoryDetails",
    {
      ...admin,
      summary: "Inventory detail of the report: one product's ledger rows in the period",
      body: InventoryDetailsRequestSchema,
      data: InventoryDetailsDataSchema,
    },
    async (request) => {
      const { data, found_rows } = await reports.inventoryDetails(request.user, request.body);
      return page(data, found_rows);
    },
  );

  postData(
    app,
    "/report/inventoryFrontEnd",
    {
      ...admin,
      summary: "Inventory report: stock as of a day, monthly fills and sales, and an export code",
      body: InventoryReportRequestSchema,
      data: InventoryReportDataSchema,
    },
    (request) => reports.inventoryReport(request.user, request.body),
  );

  postData(
    app,
    "/report/export",
    {
      ...admin,
      summary: "A short-lived download link for the CSV of every row of a report",
      body: ReportExportRequestSchema,
      data: ReportExportSchema,
    },
    (request) => reports.createExport(request.user, request.body),
  );

  downloadRoute(app, reports);
};
