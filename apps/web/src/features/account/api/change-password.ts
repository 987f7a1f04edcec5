import { useMutation } from "@tanstack/react-query";
import { type ChangePasswordRequestSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

const ChangedResponseSchema = okSchema(z.null());

/**
 * POST /api/user/changePassword: the signed-in user's own password, which the legacy call never
 * sent (SPEC §7 "Known defects", DESIGN §7). The current session stays signed in.
 */
export function changePassword(body: ChangePasswordRequest) {
  return apiRequest("/api/user/changePassword", { body, schema: ChangedResponseSchema }).then(() => undefined);
}

/** The form shows success and failure itself, so no global toast. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { handlesErrors: true } });
}
