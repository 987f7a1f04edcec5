import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { PRACTICE_NAMES_QUERY_KEY } from "../../../lib/list-practice-names.ts";
import { USERS_QUERY_KEY } from "./list-users.ts";

const DeletedResponseSchema = okSchema(z.null());

/** POST /api/user/delete (admin): always the non-permanent delete (SPEC §4 "permanent 0"). */
export function deleteUser(id: number) {
  return apiRequest("/api/user/delete", { body: { id, permanent: 0 }, schema: DeletedResponseSchema }).then(
    () => undefined,
  );
}

/** A failure gets the global error toast with the server's message. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PRACTICE_NAMES_QUERY_KEY });
    },
  });
}
