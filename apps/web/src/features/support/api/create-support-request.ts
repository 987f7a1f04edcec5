import { useMutation } from "@tanstack/react-query";
import { IdResultSchema, okSchema, type SupportRequest } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

const SupportResponseSchema = okSchema(IdResultSchema);

/** POST /api/support/add (SPEC §7). The bearer token goes along when signed in, so the server knows the user. */
export function createSupportRequest(body: SupportRequest) {
  return apiRequest("/api/support/add", { body, schema: SupportResponseSchema }).then((response) => response.data);
}

/** The modal shows its own success and failure toasts (SPEC §8), so the global toast is off. */
export function useCreateSupportRequest() {
  return useMutation({ mutationFn: createSupportRequest, meta: { handlesErrors: true } });
}
