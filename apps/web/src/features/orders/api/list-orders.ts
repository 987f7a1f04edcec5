import { OrderListItemSchema } from "@vetportal/contract";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";

export interface OrderListPage {
  limit: number;
  offset: number;
  /** Optional filters (issue 11): a status, order days from/to (YYYY-MM-DD, portal time). */
  order_status_id?: number;
  date_from?: string;
  date_to?: string;
}

/** Every page of the list: what a change to an order invalidates. */
export const orderListQueryKey = ["orders", "list"] as const;

/** POST /api/order/list (SPEC §7): the orders the user may see, newest first, with the total count. */
export function ordersQueryOptions(page: OrderListPage) {
  return { ...listQueryOptions(orderListQueryKey, "/api/order/list", OrderListItemSchema, page), staleTime: 0 };
}

/** The table shows its own error state; the previous page stays on screen while the next loads. */
export function useOrders(page: OrderListPage) {
  return useListQuery(ordersQueryOptions(page));
}
