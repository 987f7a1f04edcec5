import { okSchema, PrivilegesSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

const PrivilegesResponseSchema = okSchema(PrivilegesSchema);

/**
 * POST /api/useradmin/previlege (spelled so on the wire, SPEC §7). Called once during sign-in with
 * the new token, before the session is stored; the result is kept under STORAGE_KEYS.privileges.
 */
export function getPrivileges(token?: string) {
  return apiRequest("/api/useradmin/previlege", { body: {}, schema: PrivilegesResponseSchema, token }).then(
    (response) => response.data,
  );
}
