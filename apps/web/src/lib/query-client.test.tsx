import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.ts";

/** An order's page query: always stale (staleTime 0), as the order and My Orders are. */
function mountCount() {
  const client = createQueryClient();
  const queryFn = vi.fn(async () => ({ id: 1024 }));
  const options = { queryKey: ["orders", "detail", 1024], queryFn, staleTime: 0 };
  /** A page mounting: an observer subscribes, as useQuery does. */
  const mount = () => new QueryObserver(client, options).subscribe(() => undefined);
  return { client, queryFn, options, mount };
}

describe("the query client's mount rule", () => {
  afterEach(() => vi.useRealTimers());

  it("does not ask again for an answer that just came in (the first page's loader fetched it)", async () => {
    const { client, queryFn, options, mount } = mountCount();
    await client.prefetchQuery(options);
    const unsubscribe = mount();
    await vi.waitFor(() => expect(client.getQueryState(options.queryKey)?.fetchStatus).toBe("idle"));
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("asks again when the answer is older, or was invalidated by a save", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { client, queryFn, options, mount } = mountCount();
    await client.prefetchQuery(options);
    vi.setSystemTime(Date.now() + 2_000);
    const first = mount();
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(client.getQueryState(options.queryKey)?.fetchStatus).toBe("idle"));
    first();

    await client.invalidateQueries({ queryKey: options.queryKey, refetchType: "none" });
    const second = mount();
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(3));
    second();
  });
});
