import { sql } from "drizzle-orm";
import type { Bound } from "../prepared.ts";

/**
 * A list of ids as one JSON parameter (`x in ${idsIn(ids)}`): the statement's text stays the same
 * however many ids there are, so a prepared statement serves every list (decision 018). A placeholder
 * is bound to the list's JSON text (`JSON.stringify(ids)`).
 */
export const idsIn = (ids: Bound<number[]>) =>
  sql`(select value::integer from json_array_elements_text(${Array.isArray(ids) ? JSON.stringify(ids) : ids}::json))`;
