import type { FetchQueryOptions } from "@tanstack/react-query";
import { isFirstLoadWithEarlyData } from "./first-data.ts";
import { queryClient } from "./query-client.ts";
import { sessionRestored } from "./session.ts";

/**
 * How long the first paint waits at most for its first data. The boot script starts the requests
 * with the code (build/boot-preload.ts), so they are normally in before the code has run; a slow API
 * only delays the first paint by this much, after which the page shows its placeholders as before.
 */
const FIRST_DATA_WAIT_MS = 1500;

// biome-ignore lint/suspicious/noExplicitAny: any query's options, whatever its data
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A route loader's body (router.tsx): on the first page of a signed-in visit, the page's first queries
 * are put in the cache before the first paint, from the responses the boot script started, so the
 * page does not draw placeholders and then move when the data arrives (decision 034); `next` names
 * the queries the first ones' answers call for (a personalised product's proof). On any later
 * navigation it returns at once and the page loads its data as it always did.
 */
export async function loadFirstData(queries: AnyQuery[], next?: () => AnyQuery[]): Promise<null> {
  if (!isFirstLoadWithEarlyData()) return null;
  // The router starts while main.tsx restores the session: the requests need its token.
  await sessionRestored();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
  });
  // The pages show their failures themselves: a failed prefetch says nothing, the page asks again.
  const prefetch = (list: AnyQuery[]) =>
    Promise.all(list.map((query) => queryClient.prefetchQuery({ ...query, meta: { handlesErrors: true } })));
  const loaded = prefetch(queries).then(() => next && prefetch(next()));
  await Promise.race([loaded, waited]);
  clearTimeout(timer);
  return null;
}
