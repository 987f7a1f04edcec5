import {
  BackOrderRequestSchema,
  DeskChangeResultSchema,
  DeskOrderListRequestSchema,
  DeskOrderListSchema,
  DeskOrderQueryRequestSchema,
  DeskOrderSchema,
  MoveLinesRequestSchema,
  SendBackLineRequestSchema,
  SetOrderStatusRequestSchema,
  ShipmentCsvRequestSchema,
  ShipmentCsvResultSchema,
  ShipOrderRequestSchema,
  StaffCancelRequestSchema,
} from "@vetportal/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type App, page, postData } from "../../http/post-data.ts";
import type { FulfilmentService } from "./fulfilment.service.ts";

/** The order desk (issue 11): administrators only (`access: "admin"`), decided by the auth hook before the body is read. */
const read = { access: "admin" as const, invalidatesCaches: false };
const tags = ["fulfilment"];
const staff = (request: FastifyRequest) => ({
  userId: request.user.userId,
  sessionId: request.user.sessionId,
  customerId: request.user.customerId,
});

/** The desk's list and one order. */
const deskReadRoutes = (app: App, fulfilment: FulfilmentService) => {
  postData(
    app,
    "/fulfilment/list",
    {
      ...read,
      tags,
      summary:
        "Order desk: every order of the customer, newest first, filtered and paged, with bounded counts per status",
      body: DeskOrderListRequestSchema,
      data: DeskOrderListSchema,
    },
    async (request) => {
      const data = await fulfilment.listOrders(staff(request), request.body);
      return page(data, data.total);
    },
  );

  postData(
    app,
    "/fulfilment/query",
    {
      ...read,
      tags,
      summary: "Order desk: one order with lines, amounts, status history, shipments and the allowed actions",
      body: DeskOrderQueryRequestSchema,
      data: DeskOrderSchema,
    },
    (request) => fulfilment.getOrder(staff(request), request.body.id),
  );
};

/** The desk's changes of one order: status, back order, ship, cancel. */
const deskChangeRoutes = (app: App, fulfilment: FulfilmentService) => {
  postData(
    app,
    "/fulfilment/status",
    {
      access: "admin",
      tags,
      summary: "Change an order's status with a note (never from Shipped or Cancelled; Shipped needs a shipment)",
      body: SetOrderStatusRequestSchema,
      data: DeskChangeResultSchema,
    },
    (request) => fulfilment.setStatus(staff(request), request.body),
  );

  postData(
    app,
    "/fulfilment/backorder",
    {
      access: "admin",
      tags,
      summary: "Back order lines with the day each is expected; the order becomes Back Ordered",
      body: BackOrderRequestSchema,
      data: DeskChangeResultSchema,
    },
    (request) => fulfilment.backOrder(staff(request), request.body),
  );

  postData(
    app,
    "/fulfilment/ship",
    {
      access: "admin",
      tags,
      summary: "Ship an order on a day in one or more packages (carrier, tracking number); emails the practice",
      body: ShipOrderRequestSchema,
      data: DeskChangeResultSchema,
    },
    (request) => fulfilment.ship(staff(request), request.body),
  );

  postData(
    app,
    "/fulfilment/cancel",
    {
      access: "admin",
      tags,
      summary:
        "Cancel an order, or packs of its lines, before it ships: restocked, amounts recomputed, the practice emailed",
      body: StaffCancelRequestSchema,
      data: DeskChangeResultSchema,
    },
    (request) => fulfilment.cancel(staff(request), request.body),
  );
};

/** Production of an order's personalised lines (issue 24 §4): move them, or send a proof back. */
const productionRoutes = (app: App, fulfilment: FulfilmentService) => {
  postData(
    app,
    "/fulfilment/lines/move",
    {
      access: "admin",
      tags,
      summary:
        "Move personalised lines of an order through production (Pre Press, Printing, In Production): all or none",
      body: MoveLinesRequestSchema,
      data: DeskChangeResultSchema,
    },
    (request) => fulfilment.moveLines(staff(request), request.body),
  );

  postData(
    app,
    "/fulfilment/lines/sendBack",
    {
      access: "admin",
      tags,
      summary: "Send a line's proof back with the changes requested: Pending Proof Approval, the practice emailed",
      body: SendBackLineRequestSchema,
      data: DeskChangeResultSchema,
    },
    (request) => fulfilment.sendBack(staff(request), request.body),
  );
};

/** A carrier's CSV file: preview, then apply. */
const carrierFileRoutes = (app: App, fulfilment: FulfilmentService) => {
  postData(
    app,
    "/fulfilment/importPreview",
    {
      ...read,
      tags,
      summary: "Check a carrier CSV (order_id, tracking_number, carrier, ship_date): per-row errors; nothing written",
      body: ShipmentCsvRequestSchema,
      data: ShipmentCsvResultSchema,
    },
    (request) => fulfilment.previewCsv(staff(request), request.body.csv),
  );

  postData(
    app,
    "/fulfilment/importApply",
    {
      access: "admin",
      tags,
      summary: "Ship the good rows of a carrier CSV in one transaction; refused rows say why",
      body: ShipmentCsvRequestSchema,
      data: ShipmentCsvResultSchema,
    },
    (request) => fulfilment.applyCsv(staff(request), request.body.csv),
  );
};

export const fulfilmentRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  deskReadRoutes(app, fulfilment);
  deskChangeRoutes(app, fulfilment);
  carrierFileRoutes(app, fulfilment);
  productionRoutes(app, fulfilment);
};
