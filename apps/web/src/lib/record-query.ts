import { type QueryKey, queryOptions, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiData } from "./api-client.ts";

/**
 * The query of one record read by id (`POST path { id }`), as options for the cache: its key is
 * `[...key, id]`. `staleTime: 0` for records that change on the server while they are open (an
 * order's status).
 */
export function recordQueryOptions<T extends z.ZodType>(
  path: string,
  schema: T,
  key: QueryKey,
  { staleTime }: { staleTime?: number } = {},
) {
  return (id: number) =>
    queryOptions<z.infer<T>, Error, z.infer<T>, QueryKey>({
      queryKey: [...key, id],
      queryFn: ({ signal }) => apiData(path, { body: { id }, schema, signal }),
      ...(staleTime === undefined ? {} : { staleTime }),
    });
}

/**
 * A page's record: the page shows not-found and other failures itself, so no toast; no id (a
 * malformed URL, or a new record), no call.
 */
export function useRecordQuery<T>(
  options: (id: number) => UseQueryOptions<T, Error, T, QueryKey>,
  id: number | undefined,
) {
  return useQuery({ ...options(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
