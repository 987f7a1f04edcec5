import {
  InventoryDetailsDataSchema,
  InventoryDetailsRequestSchema,
  InventoryReportDataSchema,
  InventoryReportRequestSchema,
  OrderProductsDataSchema,
  OrderProductsRequestSchema,
  OrderReportDataSchema,
  OrderReportRequestSchema,
  okSchema,
  ReportDownloadQuerySchema,
  ReportExportRequestSchema,
  ReportExportSchema,
  ReportFiltersSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postData } from "../../http/post-data.ts";
import type { ReportsService } from "./reports.service.ts";

const admin = { access: "admin" as const };
const tags = ["reports"];

/** The administrator's reports (issue 5; SPEC §7 "Reports"). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  postData(
    app,
    "/report/filters",
    {
      access: "admin",
      tags,
      summary: "Selects of the report filter: departments, cost centers, statuses (ALL = 0 first), categories",
      data: ReportFiltersSchema,
    },
    (request) => reports.filters(request.user),
  );

  app.post(
    "/report/orderFrontEnd",
    {
      config: admin,
      schema: {
        tags,
        summary: "Order report: one page of the order, product, user, item or inventory summary, with totals",
        body: OrderReportRequestSchema,
        response: { 200: okSchema(OrderReportDataSchema) },
      },
    },
    async (request) => ({ result: 1 as const, ...(await reports.orderReport(request.user, request.body)) }),
  );

  app.post(
    "/order/listOrderProducts",
    {
      config: admin,
      schema: {
        tags,
        summary: "Product detail of the report: the order lines of one product under the report filter",
        body: OrderProductsRequestSchema,
        response: { 200: okSchema(OrderProductsDataSchema) },
      },
    },
    async (request) => ({ result: 1 as const, ...(await reports.listOrderProducts(request.user, request.body)) }),
  );

  app.post(
    "/report/inventoryDetails",
    {
      config: admin,
      schema: {
        tags,
        summary: "Inventory detail of the report: one product's ledger rows in the period",
        body: InventoryDetailsRequestSchema,
        response: { 200: okSchema(InventoryDetailsDataSchema) },
      },
    },
    async (request) => ({ result: 1 as const, ...(await reports.inventoryDetails(request.user, request.body)) }),
  );

  postData(
    app,
    "/report/inventoryFrontEnd",
    {
      access: "admin",
      tags,
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
      access: "admin",
      tags,
      summary: "A short-lived download link for the CSV of every row of a report",
      body: ReportExportRequestSchema,
      data: ReportExportSchema,
    },
    (request) => reports.createExport(request.user, request.body),
  );

  app.get(
    "/report/download",
    {
      // The code is the credential: the browser downloads by plain navigation, without the bearer header.
      config: { access: "public" },
      schema: {
        tags,
        summary: "Streams the CSV an export code stands for (text/csv attachment)",
        querystring: ReportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      // A HEAD (Fastify answers it with this handler) reads the code without using it up or
      // running the export (decision 025).
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
};
