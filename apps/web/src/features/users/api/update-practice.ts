import { IdResultSchema, type UpdatePracticeRequestSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { USER_QUERY_KEY } from "../../../lib/get-user.ts";
import { PRACTICE_NAMES_QUERY_KEY } from "../../../lib/list-practice-names.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { USERS_QUERY_KEY } from "./list-users.ts";

export type UpdatePracticeRequest = z.input<typeof UpdatePracticeRequestSchema>;

/** POST /api/user/updatepractice (admin, SPEC §7): success goes back to the user list. */
export function updatePractice(body: UpdatePracticeRequest) {
  return apiData("/api/user/updatepractice", { body, schema: IdResultSchema });
}

/** The form shows failures itself (SPEC §8 'Error occurs while saving practice'), so no toast. */
export function useUpdatePractice() {
  return useRefreshingMutation(updatePractice, [USERS_QUERY_KEY, USER_QUERY_KEY, PRACTICE_NAMES_QUERY_KEY], {
    handlesErrors: true,
  });
}
