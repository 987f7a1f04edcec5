import { queryOptions, useQuery } from "@tanstack/react-query";
import { UserDetailSchema } from "@vetportal/contract";
import { apiData } from "./api-client.ts";

// POST /api/user/query is read by the admin's Modify User page and by every user's own Account
// pages, two features, so it lives in lib/ (STYLE §1).
export const USER_QUERY_KEY = ["user"] as const;

/** A user with the first address: an administrator may ask for anyone of the customer, others for themselves. */
export function getUser(id: number, signal?: AbortSignal) {
  return apiData("/api/user/query", { body: { id }, schema: UserDetailSchema, signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...USER_QUERY_KEY, id],
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

/** The pages show not-found and other failures themselves, so no toast. No id, no call. */
export function useUser(id: number | undefined) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
