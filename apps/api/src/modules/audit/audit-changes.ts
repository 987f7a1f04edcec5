import { AUDIT_REDACTED, type AuditChange } from "@vetportal/contract";

/** A field whose value is a secret: a change to it is recorded, its value never (decision 043). */
const SECRET_FIELD = /password|token|secret|hash|api_?key|credential/i;

type Fields = Record<string, unknown> | null | undefined;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A value as the trail stores it: a secret's value is replaced, a Date becomes its ISO text. */
function stored(field: string, value: unknown): unknown {
  if (value === undefined) return null;
  if (SECRET_FIELD.test(field) && value !== null) return AUDIT_REDACTED;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Only the fields that changed, before and after, with secrets redacted. A creation (no before)
 * keeps every field of the after, a removal every field of the before. Fields present on one side
 * only count as changed when their value is not empty.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  if (!before && !after) return { before: null, after: null };
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changed = keys.filter((k) => !before || !after || !same(before[k], after[k]));
  const pick = (side: Fields) =>
    side ? Object.fromEntries(changed.filter((k) => k in side).map((k) => [k, stored(k, side[k])])) : null;
  return { before: pick(before), after: pick(after) };
}

/** Whether a diff says nothing (an update that changed no field). */
export const isEmptyChange = (diff: { before: Fields; after: Fields }) =>
  Object.keys(diff.before ?? {}).length === 0 && Object.keys(diff.after ?? {}).length === 0;

/** A stored value as a person reads it: text as it is, nothing as null, anything else as JSON. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** A stored row's before and after as one line per changed field. */
export function changeList(before: unknown, after: unknown): AuditChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }));
}
