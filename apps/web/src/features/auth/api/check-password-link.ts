import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/auth/checkPasswordLink (public, decision 026): whether a set-password link still works,
 * asked when the page opens; 404 when it is unknown, used, voided or expired. Nothing is spent.
 */
export function checkPasswordLink(token: string, signal?: AbortSignal) {
  return apiData("/api/auth/checkPasswordLink", { body: { token }, schema: z.null(), token: false, signal }).then(
    () => true as const,
  );
}

export function passwordLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["password-link", token],
    queryFn: ({ signal }) => checkPasswordLink(token, signal),
    // A refused link stays refused; the page says so at once instead of asking again.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The page shows a refused link itself, so no toast. No token, no call. */
export function usePasswordLinkCheck(token: string) {
  return useQuery({ ...passwordLinkQueryOptions(token), enabled: token !== "", meta: { handlesErrors: true } });
}
