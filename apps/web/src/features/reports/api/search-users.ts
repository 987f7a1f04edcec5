import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, type UserRow, UserRowSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const UsersResponseSchema = okSchema(z.array(UserRowSchema));
const SUGGESTIONS = 8;

/** Suggestions for the report's User field: POST /api/user/list (admin) by name, email or practice. */
export async function searchUsers(text: string, signal?: AbortSignal): Promise<UserRow[]> {
  const page = await apiRequest("/api/user/list", {
    body: { search: text, limit: SUGGESTIONS },
    schema: UsersResponseSchema,
    signal,
  });
  return page.data;
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
