import { type AddUserRequestSchema, IdResultSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { PRACTICE_NAMES_QUERY_KEY } from "../../../lib/list-practice-names.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { USERS_QUERY_KEY } from "./list-users.ts";

export type AddUserRequest = z.input<typeof AddUserRequestSchema>;

/** POST /api/user/add (admin): a practice with its delivery address, validated like sign-up. */
export function createUser(body: AddUserRequest) {
  return apiData("/api/user/add", { body, schema: IdResultSchema });
}

/** The form shows failures itself (SPEC §8 'Error occurs while saving practice'), so no toast. */
export function useCreateUser() {
  return useRefreshingMutation(createUser, [USERS_QUERY_KEY, PRACTICE_NAMES_QUERY_KEY], { handlesErrors: true });
}
