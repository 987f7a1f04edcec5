import { useMutation } from "@tanstack/react-query";
import { IdResultSchema, type PracticeSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";

export type NewPractice = z.input<typeof PracticeSchema>;

/** POST /api/user/addpractice (public, SPEC §7): creates the practice and its delivery address. */
export function addPractice(practice: NewPractice) {
  return apiData("/api/user/addpractice", {
    body: practice,
    schema: IdResultSchema,
    token: false,
  });
}

/** The sign-up form shows conflicts next to the fields, so no toast. */
export function useAddPractice() {
  return useMutation({ mutationFn: addPractice, meta: { handlesErrors: true } });
}
