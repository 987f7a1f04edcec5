import { type LedgerRequestSchema, LedgerRowSchema } from "@vetportal/contract";
import type { z } from "zod";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";

export type LedgerFilter = z.input<typeof LedgerRequestSchema>;

export const LEDGER_QUERY_KEY = ["inventory-ledger"] as const;

/** POST /api/inventory/ledger (admin): a product's stock movements, newest first, with found_rows. */
export function ledgerQueryOptions(filter: LedgerFilter) {
  return listQueryOptions(LEDGER_QUERY_KEY, "/api/inventory/ledger", LedgerRowSchema, filter);
}

/** The table shows its own error state; the previous page stays on screen while the next loads. */
export function useLedger(filter: LedgerFilter) {
  return useListQuery(ledgerQueryOptions(filter));
}
