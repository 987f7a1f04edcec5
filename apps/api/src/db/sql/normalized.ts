import { sql } from "drizzle-orm";

/**
 * SQL twin of normalizeForMatch in lib/normalisers.ts: lower case, every run of non-alphanumerics becomes one
 * space, trimmed. Sign-in by address and the practices' uniqueness check compare names with it.
 */
export const normalized = (column: unknown) => sql`btrim(regexp_replace(lower(${column}), '[^a-z0-9]+', ' ', 'g'))`;
