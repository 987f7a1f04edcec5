import { queryOptions, useQuery } from "@tanstack/react-query";
import { type PortalSettingsInput, PortalSettingsSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { settingsQueryOptions } from "../../../lib/get-settings.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

export const PORTAL_SETTINGS_QUERY_KEY = ["portal-settings"] as const;

/** POST /api/settings/query (admin): the settings in force, saved or the environment's. */
export function portalSettingsQueryOptions() {
  return queryOptions({
    queryKey: PORTAL_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiData("/api/settings/query", { body: {}, schema: PortalSettingsSchema, signal }),
    staleTime: 0,
  });
}

/** The page shows a failed read itself (LoadError), so no toast. */
export const usePortalSettings = () => useQuery({ ...portalSettingsQueryOptions(), meta: { handlesErrors: true } });

/** POST /api/settings/save (admin). */
export function savePortalSettings(body: PortalSettingsInput) {
  return apiData("/api/settings/save", { body, schema: PortalSettingsSchema });
}

/**
 * Refetches the form's settings and the public ones the footer and the support modal show; the form
 * shows failures itself (field errors land on it), so no global toast.
 */
export function useSavePortalSettings() {
  return useRefreshingMutation(savePortalSettings, [PORTAL_SETTINGS_QUERY_KEY, settingsQueryOptions().queryKey], {
    handlesErrors: true,
  });
}
