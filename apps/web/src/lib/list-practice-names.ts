import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { afterLoad } from "./after-load.ts";
import { apiData } from "./api-client.ts";
import { lazySchema } from "./lazy-schema.ts";

// POST /api/user/vetNameList feeds the Users report's practice filter and the department form's
// user picker, two features, so it lives in lib/ (STYLE §1).
const PracticeNameSchema = z.object({
  id: z.number().int(),
  representation: z.string().nullable(),
  /** The practice's current department, which the department form says it will leave. */
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
});
export type PracticeName = z.infer<typeof PracticeNameSchema>;

export const PRACTICE_NAMES_QUERY_KEY = ["practice-names"] as const;

export function listPracticeNames(signal?: AbortSignal) {
  return apiData("/api/user/vetNameList", { body: {}, schema: lazySchema(() => z.array(PracticeNameSchema)), signal });
}

/**
 * The names are a picker's choices, never what a screen shows first: a background call, asked for
 * once the page has loaded and painted (`afterLoad`), so they are no part of what its first screen
 * waits for (decision 034, lever 39).
 */
export function practiceNamesQueryOptions() {
  return queryOptions({
    queryKey: PRACTICE_NAMES_QUERY_KEY,
    queryFn: async ({ signal }) => {
      await afterLoad();
      return listPracticeNames(signal);
    },
  });
}

export function usePracticeNames() {
  return useQuery(practiceNamesQueryOptions());
}
