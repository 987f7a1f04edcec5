import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutboxMessageSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { lazySchema } from "../../../lib/lazy-schema.ts";

/** POST /api/mail/outbox (admin): the newest queued and sent emails. */
export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ["mail-outbox"],
    queryFn: ({ signal }) =>
      apiData("/api/mail/outbox", { body: {}, schema: lazySchema(() => z.array(OutboxMessageSchema)), signal }),
    staleTime: 0,
  });
}

export const useOutbox = () => useQuery(outboxQueryOptions());
