export const TEST_CUSTOMER_ID = 1850;

/** The same server URL pointing at another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
