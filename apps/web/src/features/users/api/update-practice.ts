import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okSchema, type UpdatePracticeRequestSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { USER_QUERY_KEY } from "../../../lib/get-user.ts";
import { PRACTICE_NAMES_QUERY_KEY } from "../../../lib/list-practice-names.ts";
import { USERS_QUERY_KEY } from "./list-users.ts";

export type UpdatePracticeRequest = z.input<typeof UpdatePracticeRequestSchema>;

const UpdatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/user/updatepractice (admin, SPEC §7): success goes back to the user list. */
export function updatePractice(body: UpdatePracticeRequest) {
  return apiRequest("/api/user/updatepractice", { body, schema: UpdatedResponseSchema }).then(
    (response) => response.data,
  );
}

/** The form shows failures itself (SPEC §8 'Error occurs while saving practice'), so no toast. */
export function useUpdatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractice,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PRACTICE_NAMES_QUERY_KEY });
    },
  });
}
