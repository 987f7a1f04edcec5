import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { PRACTICE_NAMES_QUERY_KEY } from "../../../lib/list-practice-names.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
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
  return useRefreshingMutation(deleteUser, [USERS_QUERY_KEY, PRACTICE_NAMES_QUERY_KEY]);
}
