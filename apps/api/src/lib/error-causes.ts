type Cause = { code?: unknown; message?: unknown; cause?: unknown };

/**
 * The error and every error it wraps (`cause`), outermost first: Drizzle wraps the driver's error,
 * and the driver's carries the PostgreSQL SQLSTATE in `code`.
 */
export function* causes(err: unknown): Generator<Cause> {
  const seen = new Set<unknown>();
  for (let e = err as Cause | undefined; e && typeof e === "object" && !seen.has(e); e = e.cause as Cause | undefined) {
    seen.add(e);
    yield e;
  }
}

/** Whether the error or one it wraps has a string `code` the test accepts. */
export function hasCauseCode(err: unknown, test: (code: string) => boolean): boolean {
  for (const e of causes(err)) if (typeof e.code === "string" && test(e.code)) return true;
  return false;
}
