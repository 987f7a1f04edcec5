import {
  CancelOrderRequestSchema,
  CustomerQueryRequestSchema,
  CustomerSchema,
  IDEMPOTENCY_HEADER,
  OrderDetailSchema,
  OrderListItemSchema,
  OrderListRequestSchema,
  OrderQueryRequestSchema,
  PlaceOrderBodySchema,
  QuoteRequestSchema,
  QuoteSchema,
  ReorderRequestSchema,
  ReorderResultSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type App, page, postData } from "../../http/post-data.ts";
import type { OrdersService } from "./orders.service.ts";

const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().trim().min(8, "Idempotency-Key must be 8 to 200 characters").max(200).optional(),
});

/** Checkout: the customer and its delivery methods, placing an order, and its quote. */
const checkoutRoutes = (app: App, orders: OrdersService) => {
  postData(
    app,
    "/customer/query",
    {
      tags: ["orders"],
      summary: "The portal's customer with the delivery methods the signed-in user may choose",
      body: CustomerQueryRequestSchema,
      data: CustomerSchema,
      // Reads only: the caches stay valid.
      invalidatesCaches: false,
    },
    (request) => orders.getCustomer(request.user),
  );

  postData(
    app,
    "/order/add",
    {
      tags: ["orders"],
      summary:
        "Place an order (one transaction; send an Idempotency-Key header to make retries safe: the same key with another request is refused, 422)",
      headers: IdempotencyHeaders,
      body: PlaceOrderBodySchema,
      data: z.number().int(),
      // An order changes stock and its own tables, none a cache counts (decision 038): the next
      // read of stock is fresh, the session and catalogue caches need no new check.
      invalidatesCaches: "stock",
    },
    async (request) => (await orders.placeOrder(request.user, request.body, request.headers[IDEMPOTENCY_HEADER])).id,
  );

  postData(
    app,
    "/order/quote",
    {
      tags: ["orders"],
      summary:
        "Price a cart before ordering: per line the accepted quantity (and why it differs), unit price and total; pick fees, shipping, processing, tax and total, as placing it would",
      body: QuoteRequestSchema,
      data: QuoteSchema,
      // Reads only: the caches stay valid.
      invalidatesCaches: false,
    },
    (request) => orders.quote(request.user, request.body),
  );
};

/** My Orders, one order, cancel and reorder. */
const practiceOrderRoutes = (app: App, orders: OrdersService) => {
  postData(
    app,
    "/order/list",
    {
      tags: ["orders"],
      summary:
        "Orders the user may see (own; a Manager the department's), newest first, optionally by status and order days",
      body: OrderListRequestSchema,
      data: z.array(OrderListItemSchema),
      // Reads only: the caches stay valid.
      invalidatesCaches: false,
    },
    async (request) => {
      const { rows, total } = await orders.listOrders(request.user, request.body);
      return page(rows, total);
    },
  );

  postData(
    app,
    "/order/query",
    {
      tags: ["orders"],
      summary: "One order with its lines (404 for an order the user may not see)",
      body: OrderQueryRequestSchema,
      data: OrderDetailSchema,
      // Reads only: the caches stay valid.
      invalidatesCaches: false,
    },
    (request) => orders.getOrder(request.user, request.body.id),
  );

  postData(
    app,
    "/order/cancel",
    {
      tags: ["orders"],
      summary: "Cancel an own Active order within the cancel window; restocks through the ledger",
      body: CancelOrderRequestSchema,
      data: z.object({ id: z.number().int(), order_status: z.number().int(), order_status_name: z.string() }),
    },
    (request) => orders.cancelOrder(request.user, request.body.order_id),
  );

  postData(
    app,
    "/order/reorder",
    {
      tags: ["orders"],
      summary: "A shipped order's lines as cart lines, adjusted to today's limits and stock",
      body: ReorderRequestSchema,
      data: ReorderResultSchema,
    },
    (request) => orders.reorder(request.user, request.body.order_id),
  );
};

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  checkoutRoutes(app, orders);
  practiceOrderRoutes(app, orders);
};
