import type { z } from "zod";

/** The contract schemas a stored session is checked against; a chunk of their own (see readStorage in session.ts). */
export { PrivilegesSchema, ProfileSchema, StoredSessionSchema } from "@vetportal/contract";

/** A stored JSON value that matches its schema, or null. */
export function parseStored<T extends z.ZodType>(raw: string | null, schema: T): z.infer<T> | null {
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
