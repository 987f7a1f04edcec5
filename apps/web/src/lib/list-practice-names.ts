import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiData } from "./api-client.ts";

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
  return apiData("/api/user/vetNameList", { body: {}, schema: z.array(PracticeNameSchema), signal });
}

export function practiceNamesQueryOptions() {
  return queryOptions({
    queryKey: PRACTICE_NAMES_QUERY_KEY,
    queryFn: ({ signal }) => listPracticeNames(signal),
  });
}

export function usePracticeNames() {
  return useQuery(practiceNamesQueryOptions());
}
