import { UserDetailSchema } from "@vetportal/contract";
import { recordQueryOptions, useRecordQuery } from "./record-query.ts";

// POST /api/user/query is read by the admin's Modify User page and by every user's own Account
// pages, two features, so it lives in lib/ (STYLE §1).
export const USER_QUERY_KEY = ["user"] as const;

/** A user with the first address: an administrator may ask for anyone of the customer, others for themselves. */
const userQueryOptions = recordQueryOptions("/api/user/query", UserDetailSchema, USER_QUERY_KEY);

export function useUser(id: number | undefined) {
  return useRecordQuery(userQueryOptions, id);
}
