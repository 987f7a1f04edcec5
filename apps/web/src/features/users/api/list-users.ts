import { type UserListRequestSchema, UserRowSchema } from "@vetportal/contract";
import type { z } from "zod";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";

export type UserListFilter = z.input<typeof UserListRequestSchema>;

export const USERS_QUERY_KEY = ["users"] as const;

/** POST /api/user/list (admin): newest first, with the real total in found_rows (DESIGN §7). */
export function usersQueryOptions(filter: UserListFilter) {
  return listQueryOptions(USERS_QUERY_KEY, "/api/user/list", UserRowSchema, filter);
}

/** The report shows its own error state; the previous page stays on screen while the next loads. */
export function useUsers(filter: UserListFilter) {
  return useListQuery(usersQueryOptions(filter));
}
