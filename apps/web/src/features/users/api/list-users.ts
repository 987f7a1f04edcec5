import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, type UserListRequestSchema, UserRowSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type UserListFilter = z.input<typeof UserListRequestSchema>;

const UsersResponseSchema = okSchema(z.array(UserRowSchema));

export const USERS_QUERY_KEY = ["users"] as const;

/** POST /api/user/list (admin): newest first, with the real total in found_rows (DESIGN §7). */
export function listUsers(filter: UserListFilter, signal?: AbortSignal) {
  return apiRequest("/api/user/list", { body: filter, schema: UsersResponseSchema, signal }).then((response) => ({
    items: response.data,
    total: response.found_rows ?? response.data.length,
  }));
}

export function usersQueryOptions(filter: UserListFilter) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, filter],
    queryFn: ({ signal }) => listUsers(filter, signal),
  });
}

/** The report shows its own error state; the previous page stays on screen while the next loads. */
export function useUsers(filter: UserListFilter) {
  return useQuery({ ...usersQueryOptions(filter), placeholderData: keepPreviousData, meta: { handlesErrors: true } });
}
