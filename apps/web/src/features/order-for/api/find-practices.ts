import { UserRowSchema } from "@vetportal/contract";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";

/** How many practices a search shows: the order taker narrows by typing more of the name. */
export const PRACTICE_MATCHES = 20;

/**
 * POST /api/user/list (admin) with the typed part of the practice's name: active practices whose
 * name contains it, newest first. Nothing is asked until something is typed.
 */
export function practicesQueryOptions(name: string) {
  return listQueryOptions(["order-for", "practices"], "/api/user/list", UserRowSchema, {
    representation: name,
    is_active: 1 as const,
    limit: PRACTICE_MATCHES,
    offset: 0,
  });
}

export function usePracticeSearch(name: string) {
  return useListQuery({ ...practicesQueryOptions(name), enabled: name !== "" });
}
