import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { DEPARTMENTS_QUERY_KEY } from "../../../lib/list-departments.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

const DeletedResponseSchema = okSchema(z.unknown());

/** POST /api/department/delete (admin): always the non-permanent delete. */
export function deleteDepartment(id: number) {
  return apiRequest("/api/department/delete", { body: { id, permanent: 0 }, schema: DeletedResponseSchema }).then(
    () => undefined,
  );
}

/** A failure gets the global error toast with the server's message. */
export function useDeleteDepartment() {
  return useRefreshingMutation(deleteDepartment, [DEPARTMENTS_QUERY_KEY]);
}
