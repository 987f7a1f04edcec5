import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  type AdjustmentSchema,
  AllocationGridSchema,
  AllocationImportResultSchema,
  type AllocationSetSchema,
  IdResultSchema,
  type ProgrammeFormSchema,
  ProgrammeSchema,
} from "@vetportal/contract";
import { z } from "zod";
import { apiData, apiFetch } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

/*
 * The administrators' allowance calls (issue 23 §1): programmes, the allocations grid, allocations,
 * adjustments, CSV export and import.
 */
export const PROGRAMMES_KEY = ["allowance-programmes"] as const;
export const GRID_KEY = ["allowance-grid"] as const;

export type ProgrammeRequest = z.input<typeof ProgrammeFormSchema>;

export const useProgrammes = () =>
  useQuery(
    queryOptions({
      queryKey: PROGRAMMES_KEY,
      queryFn: ({ signal }) =>
        apiData("/api/allowance/programme/list", { body: {}, schema: z.array(ProgrammeSchema), signal }),
    }),
  );

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

export const useAllocationGrid = (programmeId: number | undefined) =>
  useQuery({
    queryKey: [...GRID_KEY, programmeId],
    queryFn: ({ signal }) =>
      apiData("/api/allowance/grid", { body: { programme_id: programmeId }, schema: AllocationGridSchema, signal }),
    enabled: programmeId !== undefined,
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

/** POST /api/allowance/export: the grid of the period as a CSV file the browser saves. */
async function exportAllocations(programmeId: number) {
  const response = await apiFetch("/api/allowance/export", { body: { programme_id: programmeId }, accept: "text/csv" });
  const blob = await response.blob();
  const named = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = named ?? "allocations.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useExportAllocations = () => useMutation({ mutationFn: exportAllocations });
