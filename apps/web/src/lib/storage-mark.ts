/**
 * What this build wrote in the browser's storage, told from anything else (decision 054): beside a
 * group of keys it keeps a mark, this build's (build/storage-mark.ts) and a digest of the values'
 * text. A value under a matching mark is read as JSON without building its zod schema (which cost a
 * phone's first page up to ~100 ms of main thread at 4× CPU); a value an older build, an extension
 * or a person wrote or changed has no matching mark, and is checked against its schema as before.
 */

import type { z } from "zod";

/** The build's mark; none in development and in the web's tests, where every value is checked. */
const buildMark = (): string | undefined => import.meta.env.STORAGE_MARK;

/** Where the mark of the group whose first key is `key` is kept. */
export const markKey = (key: string) => `vetportal.mark.${key}`;

/**
 * FNV-1a (32 bits) of the values' text: any change to them gives another mark. Not a secret and no
 * defence against someone who forges it: it tells this build's own writes from everyone else's.
 */
function digest(values: readonly (string | null)[]): string {
  let hash = 0x811c9dc5;
  for (const value of values) {
    const text = value === null ? "\u0000" : `${value}\u0001`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const markOf = (build: string, values: readonly (string | null)[]) => `${build}.${digest(values)}`;

/** The text stored under `keys`, and whether this build wrote exactly that. */
export function readMarked<Keys extends readonly [string, ...string[]]>(storage: Storage, keys: Keys) {
  const values = keys.map((key) => storage.getItem(key)) as { [I in keyof Keys]: string | null };
  const build = buildMark();
  const written = build !== undefined && storage.getItem(markKey(keys[0])) === markOf(build, values);
  return { values, written };
}

/** Marks what is stored under `keys` now as this build's: after the build wrote it, or checked it. */
export function markWritten(storage: Storage, keys: readonly [string, ...string[]]): void {
  const build = buildMark();
  if (build === undefined) return;
  try {
    storage.setItem(
      markKey(keys[0]),
      markOf(
        build,
        keys.map((key) => storage.getItem(key)),
      ),
    );
  } catch {
    // Storage full or disabled: the next read checks the values, as without a mark.
  }
}

/** A stored JSON value as it was written, or null when there is none or it is not JSON. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A stored JSON value that matches its schema, or null. */
export function parseStored<T extends z.ZodType>(raw: string | null, schema: T): z.infer<T> | null {
  const parsed = raw === null ? null : schema.safeParse(parseJson(raw));
  return parsed?.success ? parsed.data : null;
}
