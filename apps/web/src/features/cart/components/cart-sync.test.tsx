import { render } from "@testing-library/react";
import { ServerCartSchema } from "@vetportal/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../../lib/session.ts";
import { apiOk } from "../../../test/handlers.ts";
import { signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { CartSync } from "./cart-sync.tsx";

const spies: { mockRestore: () => void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

describe("CartSync's merge at sign-in (decision 021), after the page's load (decision 034)", () => {
  it("is not sent for a sign-in that ended while the page loaded, and is for the next one", async () => {
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    spies.push(readyState);
    const merge = apiOk("/api/cart/merge", ServerCartSchema, { items: [], revision: 1, dropped: [] });
    server.use(merge.handler);
    signIn({ userId: 7 });
    render(<CartSync />);
    // Signed out before the page had loaded, while the merge waited for it: it has no one to send for.
    // (Microtasks only: the merge's call has started, and no task, jsdom's own load event among them, has run.)
    for (let i = 0; i < 5; i++) await Promise.resolve();
    clearSession();
    readyState.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(merge.calls.count).toBe(0);

    signIn({ userId: 8 });
    await vi.waitFor(() => expect(merge.calls.count).toBe(1));
    expect(merge.calls.headers[0]?.get("authorization")).toMatch(/^Bearer /);
  });
});
