import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AddUserRequestSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { PRACTICE_NAMES_QUERY_KEY } from "../../../lib/list-practice-names.ts";
import { USERS_QUERY_KEY } from "./list-users.ts";

export type AddUserRequest = z.input<typeof AddUserRequestSchema>;

const CreatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/user/add (admin): a practice with its delivery address, validated like sign-up. */
export function createUser(body: AddUserRequest) {
  return apiRequest("/api/user/add", { body, schema: CreatedResponseSchema }).then((response) => response.data);
}

/** The form shows failures itself (SPEC §8 'Error occurs while saving practice'), so no toast. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PRACTICE_NAMES_QUERY_KEY });
    },
  });
}
