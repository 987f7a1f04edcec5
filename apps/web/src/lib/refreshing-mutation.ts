import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * The web's usual write: call the API, then refetch what the write changed. `refreshes` are the
 * query keys invalidated, in order, once it succeeded; `handlesErrors` when the form shows failures
 * itself, so the global toast stays quiet (lib/query-client.ts).
 */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshes: readonly QueryKey[],
  options: { handlesErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
    onSuccess: async () => {
      for (const queryKey of refreshes) await queryClient.invalidateQueries({ queryKey });
    },
  });
}
