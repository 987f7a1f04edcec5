/** A positive integer id from a URL segment or query value; anything else (a malformed URL) is undefined. */
export function positiveId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}
