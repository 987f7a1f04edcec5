import { useMutation } from "@tanstack/react-query";
import type { AddressValidateRequestSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";

export type AddressToValidate = z.input<typeof AddressValidateRequestSchema>;

/**
 * POST /api/address/addressValidate (public, SPEC §7): resolves when the address is deliverable;
 * otherwise an ApiError ADDRESS_NOT_DELIVERABLE with fields.zip_code.
 */
export function validateAddress(address: AddressToValidate) {
  return apiData("/api/address/addressValidate", {
    body: address,
    schema: z.object({ deliverable: z.literal(true) }),
    token: false,
  });
}

/** The sign-up form shows the answer under the postal code, so no toast. */
export function useValidateAddress() {
  return useMutation({ mutationFn: validateAddress, meta: { handlesErrors: true } });
}
