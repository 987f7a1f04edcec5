import { useMutation } from "@tanstack/react-query";
import { IdResultSchema, okSchema, type PracticeSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type NewPractice = z.input<typeof PracticeSchema>;

const AddPracticeResponseSchema = okSchema(IdResultSchema);

/** POST /api/user/addpractice (public, SPEC §7): creates the practice and its delivery address. */
export function addPractice(practice: NewPractice) {
  return apiRequest("/api/user/addpractice", {
    body: practice,
    schema: AddPracticeResponseSchema,
    token: false,
  }).then((response) => response.data);
}

/** The sign-up form shows conflicts next to the fields, so no toast. */
export function useAddPractice() {
  return useMutation({ mutationFn: addPractice, meta: { handlesErrors: true } });
}
