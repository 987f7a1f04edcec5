import { useSearchParams } from "react-router";
import { positiveId } from "./route-params.ts";

/** A value for the URL; an empty one is left out. */
type ParamValue = string | number | null | undefined;

/**
 * A list page's state in its URL (?name=…&page=2&size=30), so Back and links keep it: the params,
 * the page (1-based), and `update`, which merges values in without scrolling to the top and leaves
 * out empty values and the defaults (page 1 and `defaults`).
 */
export function useListParams(defaults: Readonly<Record<string, string>> = {}) {
  const [params, setParams] = useSearchParams();

  function update(next: Readonly<Record<string, ParamValue>>) {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          const text = value == null ? "" : String(value);
          if (text === "" || text === (key === "page" ? "1" : defaults[key])) merged.delete(key);
          else merged.set(key, text);
        }
        return merged;
      },
      { preventScrollReset: true },
    );
  }

  const page = positiveId(params.get("page")) ?? 1;

  /**
   * A server-paged list of `pageSize` rows a page: the request's `range` (limit, offset) and the
   * `paging` props of ListResults (page, size, and a page change that goes into the URL).
   */
  function paged(pageSize: number) {
    return {
      range: { limit: pageSize, offset: (page - 1) * pageSize },
      paging: { page, pageSize, onPageChange: (next: number) => update({ page: next }) },
    };
  }

  return { params, page, update, paged };
}

/** The page size in ?size= when it is one of `sizes`, else the first of them. */
export function pageSizeParam(params: URLSearchParams, sizes: readonly number[]): number {
  const size = Number(params.get("size"));
  return sizes.includes(size) ? size : (sizes[0] ?? 0);
}

/** The params named by the keys of `empty`: each one's value in the URL, else its value in `empty`. */
export function readParams<T extends Record<string, string>>(params: URLSearchParams, empty: T): T {
  return Object.fromEntries(Object.entries(empty).map(([key, value]) => [key, params.get(key) ?? value])) as T;
}
