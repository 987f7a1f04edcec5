import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserDetailSchema, type UserUpdateRequestSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "./api-client.ts";
import { USER_QUERY_KEY } from "./get-user.ts";

// POST /api/user/update: the Account page's personal info and the admin's Inactivate, two
// features, so it lives in lib/ (STYLE §1).
export type UserUpdate = z.input<typeof UserUpdateRequestSchema>;

export function updateUser(body: UserUpdate) {
  return apiData("/api/user/update", { body, schema: UserDetailSchema });
}

/** The caller shows success and failure (field errors land on its form), so no global toast. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { handlesErrors: true },
    onSuccess: (user) => queryClient.setQueryData([...USER_QUERY_KEY, user.id], user),
  });
}
