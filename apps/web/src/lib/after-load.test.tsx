import { EVENT_TYPES } from "@vetportal/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterLoad } from "./after-load.ts";
import { logEvent } from "./log-event.ts";

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Long enough for a frame and a task in jsdom.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
};

// Each test's own spies (test/setup.ts keeps its own on console.error until its afterEach).
const spies: { mockRestore: () => void }[] = [];
const readyState = (state: DocumentReadyState) =>
  spies.push(vi.spyOn(document, "readyState", "get").mockReturnValue(state));
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

describe("afterLoad (decision 034, lever 26)", () => {
  it("waits for the document's load event while the page is still loading", async () => {
    readyState("loading");
    const loaded = afterLoad();
    expect(await settled(loaded)).toBe(false);
    window.dispatchEvent(new Event("load"));
    expect(await settled(loaded)).toBe(true);
  });

  it("goes on after the next frame once the page has loaded", async () => {
    readyState("complete");
    expect(await settled(afterLoad())).toBe(true);
  });

  it("sends the event log after the load, with low priority", async () => {
    readyState("loading");
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ result: 1, data: null }), { status: 200 }));
    spies.push(fetch);
    logEvent({ event: EVENT_TYPES[0], product_id: 1 });
    await settled(Promise.resolve());
    expect(fetch).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("load"));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith("/api/user/eventLog", expect.objectContaining({ priority: "low" }));
  });
});
