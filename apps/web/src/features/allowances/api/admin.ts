import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  type AdjustmentSchema,
  type AllocationExportSchema,
  AllocationGridSchema,
  AllocationImportResultSchema,
  type AllocationSetSchema,
  IdResultSchema,
  type ProgrammeFormSchema,
  ProgrammeSchema,
} from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { useCsvDownload } from "../../../lib/download.ts";
import { lazySchema } from "../../../lib/lazy-schema.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

/*
 * The administrators' allowance calls (issue 23 §1): programmes, the allocations grid, allocations,
 * adjustments, CSV export and import.
 */
export const PROGRAMMES_KEY = ["allowance-programmes"] as const;
export const GRID_KEY = ["allowance-grid"] as const;

export type ProgrammeRequest = z.input<typeof ProgrammeFormSchema>;

/** POST /api/allowance/programme/list: the customer's programmes. */
export const programmesOptions = () =>
  queryOptions({
    queryKey: PROGRAMMES_KEY,
    queryFn: ({ signal }) =>
      apiData("/api/allowance/programme/list", {
        body: {},
        schema: lazySchema(() => z.array(ProgrammeSchema)),
        signal,
      }),
  });
export const useProgrammes = () => useQuery(programmesOptions());

export const useSaveProgramme = () =>
  useRefreshingMutation(
    (body: ProgrammeRequest & { id?: number }) =>
      apiData(body.id === undefined ? "/api/allowance/programme/add" : "/api/allowance/programme/update", {
        body,
        schema: IdResultSchema,
      }),
    [PROGRAMMES_KEY, GRID_KEY],
    { handlesErrors: true },
  );

/** POST /api/allowance/grid: one period of a programme (any day of it; today's when left out). */
export const allocationGridOptions = (programmeId: number | undefined, period?: string) =>
  queryOptions({
    queryKey: [...GRID_KEY, programmeId, period ?? "today"],
    queryFn: ({ signal }) =>
      apiData("/api/allowance/grid", {
        body: { programme_id: programmeId, period },
        schema: AllocationGridSchema,
        signal,
      }),
  });

export const useAllocationGrid = (programmeId: number | undefined, period?: string) =>
  useQuery({
    ...allocationGridOptions(programmeId, period),
    enabled: programmeId !== undefined,
    // Another period of the same programme keeps the grid on screen while it loads.
    placeholderData: (previous) => (previous?.programme.id === programmeId ? previous : undefined),
  });

export const useSetAllocation = () =>
  useRefreshingMutation(
    (body: z.input<typeof AllocationSetSchema>) => apiData("/api/allowance/allocation/set", { body, schema: z.null() }),
    [GRID_KEY],
    { handlesErrors: true },
  );

export const useAdjust = () =>
  useRefreshingMutation(
    (body: z.input<typeof AdjustmentSchema>) => apiData("/api/allowance/adjust", { body, schema: z.null() }),
    [GRID_KEY],
    { handlesErrors: true },
  );

export const useImportAllocations = () =>
  useRefreshingMutation(
    (body: { programme_id: number; csv: string; apply: boolean }) =>
      apiData("/api/allowance/import", { body, schema: AllocationImportResultSchema }),
    [GRID_KEY],
    { handlesErrors: true },
  );

/** POST /api/allowance/export: the grid of a period as a CSV file the browser saves. */
export const useExportAllocations = () =>
  useCsvDownload<z.input<typeof AllocationExportSchema>>("/api/allowance/export", "allocations.csv");
