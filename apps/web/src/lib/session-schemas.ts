import { PrivilegesSchema, ProfileSchema, StoredSessionSchema } from "@vetportal/contract";
import { parseStored } from "./storage-mark.ts";

/**
 * The stored session, profile and privileges, each checked against its contract schema (null where
 * it does not match); a chunk of its own, loaded only for a value this build did not write (see
 * readStorage in session.ts).
 */
export function checkStored(session: string | null, profile: string | null, privileges: string | null) {
  return {
    session: parseStored(session, StoredSessionSchema),
    profile: parseStored(profile, ProfileSchema),
    privileges: parseStored(privileges, PrivilegesSchema),
  };
}
