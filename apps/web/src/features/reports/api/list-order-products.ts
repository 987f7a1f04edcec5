import { queryOptions } from "@tanstack/react-query";
import { OrderProductsDataSchema, type OrderProductsRequest } from "@vetportal/contract";
import { requestRows, useListQuery } from "../../../lib/list-query.ts";

/** POST /api/order/listOrderProducts (admin): the order lines behind one product summary row. */
export function listOrderProducts(request: OrderProductsRequest, signal?: AbortSignal) {
  return requestRows("/api/order/listOrderProducts", request, OrderProductsDataSchema, signal);
}

export function orderProductsQueryOptions(request: OrderProductsRequest) {
  return queryOptions({
    queryKey: ["reports", "order-products", request],
    queryFn: ({ signal }) => listOrderProducts(request, signal),
  });
}

export function useOrderProducts(request: OrderProductsRequest) {
  return useListQuery(orderProductsQueryOptions(request));
}
