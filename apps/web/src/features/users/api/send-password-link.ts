import { useMutation } from "@tanstack/react-query";
import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const SentResponseSchema = okSchema(z.null());

/** POST /api/user/sendPasswordLink (admin): emails the user a new one-time set-password link. */
export function sendPasswordLink(id: number) {
  return apiRequest("/api/user/sendPasswordLink", { body: { id }, schema: SentResponseSchema }).then(() => undefined);
}

/** A failure gets the global error toast with the server's message. */
export function useSendPasswordLink() {
  return useMutation({ mutationFn: sendPasswordLink });
}
