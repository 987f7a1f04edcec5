import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, type UserListRequest, type UserRow, UserRowSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const UsersResponseSchema = okSchema(z.array(UserRowSchema));
const SUGGESTIONS = 8;

/**
 * Suggestions for the report's User field: POST /api/user/list (admin) by practice name, first
 * name and last name (each a contains match; the call ANDs its filters, hence three calls), merged.
 */
export async function searchUsers(text: string, signal?: AbortSignal): Promise<UserRow[]> {
  const filters: Partial<UserListRequest>[] = [{ representation: text }, { first_name: text }, { last_name: text }];
  const pages = await Promise.all(
    filters.map((filter) =>
      apiRequest("/api/user/list", { body: { ...filter, limit: SUGGESTIONS }, schema: UsersResponseSchema, signal }),
    ),
  );
  const seen = new Map<number, UserRow>();
  for (const page of pages) for (const user of page.data) if (!seen.has(user.id)) seen.set(user.id, user);
  return [...seen.values()].slice(0, SUGGESTIONS);
}

export function userSuggestionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: ["reports", "user-suggestions", text],
    queryFn: ({ signal }) => searchUsers(text, signal),
    staleTime: 5 * 60_000,
  });
}

/** Suggestions once two characters are typed; a failure just means no suggestions. */
export function useUserSuggestions(text: string) {
  const query = text.trim();
  return useQuery({
    ...userSuggestionsQueryOptions(query),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
