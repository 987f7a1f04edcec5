import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { OrderListItemSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export interface OrderListPage {
  limit: number;
  offset: number;
  /** Optional filters (issue 11): a status, order days from/to (YYYY-MM-DD, portal time). */
  order_status_id?: number;
  date_from?: string;
  date_to?: string;
}

const OrdersResponseSchema = okSchema(z.array(OrderListItemSchema));

/** POST /api/order/list (SPEC §7): the orders the user may see, newest first, with the total count. */
export function listOrders(page: OrderListPage, signal?: AbortSignal) {
  return apiRequest("/api/order/list", { body: page, schema: OrdersResponseSchema, signal }).then((response) => ({
    items: response.data,
    total: response.found_rows ?? response.data.length,
  }));
}

/** Every page of the list: what a change to an order invalidates. */
export const orderListQueryKey = ["orders", "list"] as const;

export function ordersQueryOptions(page: OrderListPage) {
  return queryOptions({
    queryKey: [...orderListQueryKey, page],
    queryFn: ({ signal }) => listOrders(page, signal),
    staleTime: 0,
  });
}

/** The table shows its own error state; the previous page stays on screen while the next loads. */
export function useOrders(page: OrderListPage) {
  return useQuery({ ...ordersQueryOptions(page), placeholderData: keepPreviousData, meta: { handlesErrors: true } });
}
