import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type CartItem, type QuoteRequest, QuoteSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/** What is quoted: only ids, quantities and the destroy mark count (the server prices them). */
function quoteRequest(items: CartItem[], deliveryMethodId: number | undefined): QuoteRequest {
  return {
    items: items.map((i) => ({ id: i.id, quantity: i.quantity, ...(i.is_destroy ? { is_destroy: true } : {}) })),
    ...(deliveryMethodId ? { delivery_method_id: deliveryMethodId } : {}),
  };
}

/**
 * POST /api/order/quote (issue 11): the cart priced by the server as the order would be — per line
 * the accepted quantity and why it differs, unit price and total; pick fees, shipping, processing,
 * tax and total. The key holds the lines and the delivery method, so any change asks again.
 */
export function getQuote(request: QuoteRequest, signal?: AbortSignal) {
  return apiData("/api/order/quote", { body: request, schema: QuoteSchema, signal });
}

/**
 * A cart the server prices: not empty, and not mixing destroy and ordinary lines (SPEC §4: the page
 * says so, and the server would refuse to price it).
 */
export function isQuotable(items: CartItem[]): boolean {
  return items.length > 0 && new Set(items.map((i) => Boolean(i.is_destroy))).size === 1;
}

export function quoteQueryOptions(items: CartItem[], deliveryMethodId: number | undefined) {
  const request = quoteRequest(items, deliveryMethodId);
  return queryOptions({
    queryKey: ["order-quote", request],
    queryFn: ({ signal }) => getQuote(request, signal),
    // Stock and prices move: a quote is asked again when the page comes back into view.
    staleTime: 30 * 1000,
  });
}

/**
 * The first page of a visit's quote, before a delivery method is chosen (the cart's and shipping's
 * loaders, lib/first-data-loader.ts): the one the boot script asked for with the code.
 */
export function firstQuoteQueries(items: CartItem[]) {
  return isQuotable(items) ? [quoteQueryOptions(items, undefined)] : [];
}

/**
 * The quote of the cart; the last answer stays on screen while a changed cart is priced again.
 * The pages show their own error state, so no toast.
 */
export function useQuote(items: CartItem[], deliveryMethodId?: number) {
  return useQuery({
    ...quoteQueryOptions(items, deliveryMethodId),
    enabled: isQuotable(items),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
