import { queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, PublicSettingsSchema } from "@vetportal/contract";
import { apiRequest } from "./api-client.ts";

// Public settings (GET /api/settings) are read by several features (home banner, support modal,
// footer), so this one endpoint lives in lib/ rather than in a feature (STYLE §1).
const SettingsResponseSchema = okSchema(PublicSettingsSchema);

export function getSettings(signal?: AbortSignal) {
  return apiRequest("/api/settings", { method: "GET", schema: SettingsResponseSchema, token: false, signal }).then(
    (response) => response.data,
  );
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
