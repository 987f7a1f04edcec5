import { queryOptions, useQuery } from "@tanstack/react-query";
import { PublicSettingsSchema } from "@vetportal/contract";
import { apiData } from "./api-client.ts";

// Public settings (GET /api/settings) are read by several features (home banner, support modal,
// footer), so this one endpoint lives in lib/ rather than in a feature (STYLE §1).
export function getSettings(signal?: AbortSignal) {
  return apiData("/api/settings", { method: "GET", schema: PublicSettingsSchema, token: false, signal });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ["settings"],
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 60 * 60 * 1000,
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
