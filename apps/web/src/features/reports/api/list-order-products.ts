import { queryOptions } from "@tanstack/react-query";
import { OrderProductsDataSchema, type OrderProductsRequest, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";
import { useListQuery } from "../../../lib/list-query.ts";

const OrderProductsResponseSchema = okSchema(OrderProductsDataSchema);

/** POST /api/order/listOrderProducts (admin): the order lines behind one product summary row. */
export function listOrderProducts(request: OrderProductsRequest, signal?: AbortSignal) {
  return apiRequest("/api/order/listOrderProducts", {
    body: request,
    schema: OrderProductsResponseSchema,
    signal,
  }).then((response) => ({ detail: response.data, total: response.found_rows ?? response.data.rows.length }));
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
