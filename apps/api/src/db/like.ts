/** Escapes LIKE/ILIKE wildcards in user text (the default escape character is the backslash). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");
