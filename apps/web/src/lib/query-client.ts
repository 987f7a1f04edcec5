import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "./api-client.ts";
import { DEFAULT_WHEN_ONLINE, STOPPED_MESSAGE, waitForConnection } from "./connection.ts";
import { notifyError } from "./notify.ts";

declare module "@tanstack/react-query" {
  interface Register {
    /** handlesErrors: the component shows the failure itself, so no toast. */
    queryMeta: { handlesErrors?: boolean };
    /** whenOnline: what happens when the connection returns, said while a save waits for it (lib/connection.ts). */
    mutationMeta: { handlesErrors?: boolean; whenOnline?: string };
  }
}

/** A 401 has already logged the user out and said so (api-client); one message is enough. */
function shouldToast(error: unknown, handlesErrors: boolean | undefined): boolean {
  if (handlesErrors) return false;
  return !(error instanceof ApiError && error.status === 401);
}

function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "NETWORK" || error.status >= 500);
}

/**
 * The audit trail's queries (features/audit): every successful write may have added a row, so
 * each marks them stale and a history on screen shows the change it just made.
 */
export const AUDIT_QUERY_KEY = ["audit"] as const;

/**
 * A query whose answer came in this recently is not asked again when a page mounts, even when it is
 * one that is always stale (an order, My Orders): the first page of a visit has just loaded it in
 * its route's loader (lib/first-data-loader.ts), and asking again at once sent every such request
 * twice (decision 034, lever 24). An invalidated answer (after a save) is always asked again.
 */
const JUST_ANSWERED_MS = 2_000;

/**
 * Call failures are shown as an error toast unless the caller says it handles them (DESIGN §7).
 * A factory, so each DOM test gets a client of its own with the app's defaults (test/render.tsx).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta?.handlesErrors)) notifyError(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      // Offline, every save waits for the connection in the open, with Stop (decision 037).
      onMutate: (_variables, mutation) =>
        waitForConnection(
          mutation.meta?.whenOnline ?? DEFAULT_WHEN_ONLINE,
          () => new ApiError(0, "STOPPED", STOPPED_MESSAGE),
        ),
      onError: (error, _variables, _result, mutation) => {
        if (shouldToast(error, mutation.meta?.handlesErrors)) notifyError(errorMessage(error));
      },
      onSuccess: () => client.invalidateQueries({ queryKey: AUDIT_QUERY_KEY }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnMount: (query) =>
          query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_ANSWERED_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => isRetryable(error) && failureCount < 2,
      },
      // Offline, a save says so at once and waits (onMutate above, lib/connection.ts), rather than
      // React Query pausing it silently behind a spinner (decision 037).
      mutations: { retry: false, networkMode: "always" },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
