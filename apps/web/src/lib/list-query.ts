import { keepPreviousData, type QueryKey, queryOptions, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "./api-client.ts";
import { lazySchema } from "./lazy-schema.ts";

/** A page of a list endpoint: its rows and the real total (found_rows, DESIGN §7). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * POST a list endpoint (`{ result, data: rows[], found_rows }`): the rows and the real total, or
 * the rows' count when the server sends none.
 */
export function requestList<T extends z.ZodType>(
  path: string,
  body: unknown,
  row: T,
  signal?: AbortSignal,
): Promise<ListPage<z.infer<T>>> {
  return apiRequest(path, { body, schema: lazySchema(() => okSchema(z.array(row))), signal }).then((response) => ({
    items: response.data,
    total: response.found_rows ?? response.data.length,
  }));
}

/**
 * POST an endpoint whose data holds a page of `rows` (a report): the data with `found_rows`, the
 * real number of rows, or the page's count when the server sends none.
 */
export function requestRows<T extends z.ZodType<{ rows: readonly unknown[] }>>(
  path: string,
  body: unknown,
  data: T,
  signal?: AbortSignal,
): Promise<z.infer<T> & { found_rows: number }> {
  // zod cannot see through okSchema of a generic schema; the parse itself is exact.
  const response = apiRequest(path, { body, schema: lazySchema(() => okSchema(data)), signal }) as Promise<{
    data: z.infer<T>;
    found_rows?: number;
  }>;
  return response.then((page) => ({ ...page.data, found_rows: page.found_rows ?? page.data.rows.length }));
}

/** The query of a list endpoint: `key` plus the filter as its key, the filter as its body. */
export function listQueryOptions<T extends z.ZodType, Filter>(
  key: readonly unknown[],
  path: string,
  row: T,
  filter: Filter,
) {
  return queryOptions({
    queryKey: [...key, filter],
    queryFn: ({ signal }) => requestList(path, filter, row, signal),
  });
}

/**
 * A table's query: the page shows its own error state, and the previous page stays on screen
 * (dimmed under the loading overlay) while the next one loads.
 */
export function useListQuery<Data, Key extends QueryKey>(options: UseQueryOptions<Data, Error, Data, Key>) {
  return useQuery({ ...options, placeholderData: keepPreviousData, meta: { handlesErrors: true } });
}
