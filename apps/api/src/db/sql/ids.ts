import { sql } from "drizzle-orm";

/**
 * A list of ids as one JSON parameter (`x in ${idsIn(ids)}`): the statement's text stays the same
 * however many ids there are, so a prepared statement serves every list (decision 018).
 */
export const idsIn = (ids: number[]) =>
  sql`(select value::integer from json_array_elements_text(${JSON.stringify(ids)}::json))`;
