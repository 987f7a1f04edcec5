import { PrivilegesSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/useradmin/previlege (spelled so on the wire, SPEC §7). Called once during sign-in with
 * the new token, before the session is stored; the result is kept under STORAGE_KEYS.privileges.
 */
export function getPrivileges(token?: string) {
  return apiData("/api/useradmin/previlege", { body: {}, schema: PrivilegesSchema, token });
}
