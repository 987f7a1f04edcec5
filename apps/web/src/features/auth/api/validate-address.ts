import { useMutation } from "@tanstack/react-query";
import { type AddressValidateRequestSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type AddressToValidate = z.input<typeof AddressValidateRequestSchema>;

const AddressValidateResponseSchema = okSchema(z.object({ deliverable: z.literal(true) }));

/**
 * POST /api/address/addressValidate (public, SPEC §7): resolves when the address is deliverable;
 * otherwise an ApiError ADDRESS_NOT_DELIVERABLE with fields.zip_code.
 */
export function validateAddress(address: AddressToValidate) {
  return apiRequest("/api/address/addressValidate", {
    body: address,
    schema: AddressValidateResponseSchema,
    token: false,
  }).then((response) => response.data);
}

/** The sign-up form shows the answer under the postal code, so no toast. */
export function useValidateAddress() {
  return useMutation({ mutationFn: validateAddress, meta: { handlesErrors: true } });
}
