import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type LedgerRequestSchema, LedgerRowSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type LedgerFilter = z.input<typeof LedgerRequestSchema>;

const LedgerResponseSchema = okSchema(z.array(LedgerRowSchema));

export const LEDGER_QUERY_KEY = ["inventory-ledger"] as const;

/** POST /api/inventory/ledger (admin): a product's stock movements, newest first, with found_rows. */
export function listLedger(filter: LedgerFilter, signal?: AbortSignal) {
  return apiRequest("/api/inventory/ledger", { body: filter, schema: LedgerResponseSchema, signal }).then(
    (response) => ({ items: response.data, total: response.found_rows ?? response.data.length }),
  );
}

export function ledgerQueryOptions(filter: LedgerFilter) {
  return queryOptions({
    queryKey: [...LEDGER_QUERY_KEY, filter],
    queryFn: ({ signal }) => listLedger(filter, signal),
  });
}

/** The table shows its own error state; the previous page stays on screen while the next loads. */
export function useLedger(filter: LedgerFilter) {
  return useQuery({ ...ledgerQueryOptions(filter), placeholderData: keepPreviousData, meta: { handlesErrors: true } });
}
