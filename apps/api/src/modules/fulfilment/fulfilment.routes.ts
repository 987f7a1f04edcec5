import {
  BackOrderRequestSchema,
  DeskChangeResultSchema,
  DeskOrderListRequestSchema,
  DeskOrderListSchema,
  DeskOrderQueryRequestSchema,
  DeskOrderSchema,
  okSchema,
  SetOrderStatusRequestSchema,
  ShipmentCsvRequestSchema,
  ShipmentCsvResultSchema,
  ShipOrderRequestSchema,
  StaffCancelRequestSchema,
} from "@vetportal/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FulfilmentService } from "./fulfilment.service.ts";

/** The order desk (issue 11): administrators only, decided by the auth hook before the body is read. */
const admin = { access: "admin" as const };
const read = { access: "admin" as const, invalidatesCaches: false };
const tags = ["fulfilment"];
const staff = (request: FastifyRequest) => ({ userId: request.user.userId, customerId: request.user.customerId });

export const fulfilmentRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  app.post(
    "/fulfilment/list",
    {
      config: read,
      schema: {
        tags,
        summary:
          "Order desk: every order of the customer, newest first, filtered and paged, with bounded counts per status",
        body: DeskOrderListRequestSchema,
        response: { 200: okSchema(DeskOrderListSchema) },
      },
    },
    async (request) => {
      const data = await fulfilment.listOrders(staff(request), request.body);
      return { result: 1 as const, data, found_rows: data.total };
    },
  );

  app.post(
    "/fulfilment/query",
    {
      config: read,
      schema: {
        tags,
        summary: "Order desk: one order with lines, amounts, status history, shipments and the allowed actions",
        body: DeskOrderQueryRequestSchema,
        response: { 200: okSchema(DeskOrderSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.getOrder(staff(request), request.body.id) }),
  );

  app.post(
    "/fulfilment/status",
    {
      config: admin,
      schema: {
        tags,
        summary: "Change an order's status with a note (never from Shipped or Cancelled; Shipped needs a shipment)",
        body: SetOrderStatusRequestSchema,
        response: { 200: okSchema(DeskChangeResultSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.setStatus(staff(request), request.body) }),
  );

  app.post(
    "/fulfilment/backorder",
    {
      config: admin,
      schema: {
        tags,
        summary: "Back order lines with the day each is expected; the order becomes Back Ordered",
        body: BackOrderRequestSchema,
        response: { 200: okSchema(DeskChangeResultSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.backOrder(staff(request), request.body) }),
  );

  app.post(
    "/fulfilment/ship",
    {
      config: admin,
      schema: {
        tags,
        summary: "Ship an order on a day in one or more packages (carrier, tracking number); emails the practice",
        body: ShipOrderRequestSchema,
        response: { 200: okSchema(DeskChangeResultSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.ship(staff(request), request.body) }),
  );

  app.post(
    "/fulfilment/cancel",
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Cancel an order, or packs of its lines, before it ships: restocked, amounts recomputed, the practice emailed",
        body: StaffCancelRequestSchema,
        response: { 200: okSchema(DeskChangeResultSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.cancel(staff(request), request.body) }),
  );

  app.post(
    "/fulfilment/importPreview",
    {
      config: read,
      schema: {
        tags,
        summary: "Check a carrier CSV (order_id, tracking_number, carrier, ship_date): per-row errors; nothing written",
        body: ShipmentCsvRequestSchema,
        response: { 200: okSchema(ShipmentCsvResultSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.previewCsv(staff(request), request.body.csv) }),
  );

  app.post(
    "/fulfilment/importApply",
    {
      config: admin,
      schema: {
        tags,
        summary: "Ship the good rows of a carrier CSV in one transaction; refused rows say why",
        body: ShipmentCsvRequestSchema,
        response: { 200: okSchema(ShipmentCsvResultSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await fulfilment.applyCsv(staff(request), request.body.csv) }),
  );
};
