import { useMutation } from "@tanstack/react-query";
import { IdResultSchema, type SupportRequest } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/** POST /api/support/add (SPEC §7). The bearer token goes along when signed in, so the server knows the user. */
export function createSupportRequest(body: SupportRequest) {
  return apiData("/api/support/add", { body, schema: IdResultSchema });
}

/** The modal shows its own success and failure toasts (SPEC §8), so the global toast is off. */
export function useCreateSupportRequest() {
  return useMutation({ mutationFn: createSupportRequest, meta: { handlesErrors: true } });
}
