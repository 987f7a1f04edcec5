/**
 * An enumeration declared once, as one `as const` map of key → `{ id, name }` (decision 030).
 * Everything else is derived from it: `ids` (key → id, e.g. `ORDER_STATUS.ACTIVE`), `list` (the
 * entries in declaration order, for selects and reference rows), `name(id)` and `has(id)`.
 */
export function enumeration<const M extends Record<string, { readonly id: number; readonly name: string }>>(map: M) {
  type Entry = M[keyof M];
  const list = Object.values(map) as Entry[];
  const ids = Object.fromEntries(Object.entries(map).map(([key, entry]) => [key, entry.id])) as {
    readonly [K in keyof M]: M[K]["id"];
  };
  return {
    ids,
    list,
    name: (id: number): string | undefined => list.find((entry) => entry.id === id)?.name,
    has: (id: number): id is Entry["id"] => list.some((entry) => entry.id === id),
  };
}
