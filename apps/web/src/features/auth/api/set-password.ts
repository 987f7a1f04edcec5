import { useMutation } from "@tanstack/react-query";
import { okSchema, type SetPasswordRequest } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const SetResponseSchema = okSchema(z.null());

/** POST /api/auth/setPassword (public): spends a set-password link's token (decision 012). */
export function setPassword(body: SetPasswordRequest) {
  return apiRequest("/api/auth/setPassword", { body, schema: SetResponseSchema, token: false }).then(() => undefined);
}

/** The page shows success and failure itself, so no global toast. */
export function useSetPassword() {
  return useMutation({ mutationFn: setPassword, meta: { handlesErrors: true } });
}
