import { EVENT_TYPES } from "@vetportal/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const settled = async (promise: Promise<void>, ms = 50) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Long enough for a frame and a task in jsdom.
  await new Promise((resolve) => setTimeout(resolve, ms));
  return done;
};

// Each test's own spies (test/setup.ts keeps its own on console.error until its afterEach).
const spies: { mockRestore: () => void }[] = [];
const readyState = (state: DocumentReadyState) =>
  spies.push(vi.spyOn(document, "readyState", "get").mockReturnValue(state));

/** A browser that reports largest contentful paints: `paint(at)` reports one painted at `at`. */
function reportingPaints() {
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    static supportedEntryTypes = ["largest-contentful-paint"];
    constructor(readonly callback: (list: { getEntries: () => { startTime: number }[] }) => void) {}
    observe() {
      observers.add(this);
    }
    disconnect() {
      observers.delete(this);
    }
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return {
    paint: (startTime: number) => {
      for (const o of [...observers]) o.callback({ getEntries: () => [{ startTime }] });
    },
    watching: () => observers.size,
  };
}

// The first screen's wait is the module's own state: each test loads the module afresh.
const load = async () => {
  vi.resetModules();
  return import("./after-load.ts");
};

beforeEach(() => readyState("complete"));
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
  vi.unstubAllGlobals();
});

describe("afterLoad (decision 034, levers 26 and 31)", () => {
  it("waits for the document's load event while the page is still loading", async () => {
    readyState("loading");
    const { afterLoad } = await load();
    const loaded = afterLoad();
    expect(await settled(loaded)).toBe(false);
    window.dispatchEvent(new Event("load"));
    expect(await settled(loaded)).toBe(true);
  });

  it("goes on after the next frame once the page has loaded, where paints are not reported", async () => {
    const { afterLoad } = await load();
    expect(await settled(afterLoad())).toBe(true);
  });

  it("waits for the first screen's largest paint after the call, not an earlier one", async () => {
    const browser = reportingPaints();
    const { afterLoad } = await load();
    const before = performance.now() - 100;
    const first = afterLoad();
    const second = afterLoad();
    await vi.waitFor(() => expect(browser.watching()).toBe(1));
    // The splash's paint, before the page rendered.
    browser.paint(before);
    expect(await settled(first)).toBe(false);
    browser.paint(performance.now());
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    expect(browser.watching()).toBe(0);
  });

  it("goes on LARGEST_PAINT_WAIT_MS after the frame when nothing larger paints", async () => {
    reportingPaints();
    const { afterLoad, LARGEST_PAINT_WAIT_MS } = await load();
    const first = afterLoad();
    expect(await settled(first, LARGEST_PAINT_WAIT_MS / 2)).toBe(false);
    expect(await settled(first, LARGEST_PAINT_WAIT_MS)).toBe(true);
  });

  it("a later page's call waits for a frame only", async () => {
    const browser = reportingPaints();
    const { afterLoad } = await load();
    const first = afterLoad();
    await vi.waitFor(() => expect(browser.watching()).toBe(1));
    browser.paint(performance.now());
    await first;
    expect(await settled(afterLoad())).toBe(true);
    expect(browser.watching()).toBe(0);
  });

  it("waits for a frame only after the user's first input, when no largest paint will be reported", async () => {
    const browser = reportingPaints();
    spies.push(
      vi
        .spyOn(performance, "getEntriesByType")
        .mockImplementation((type) => (type === "first-input" ? [{} as PerformanceEntry] : [])),
    );
    const { afterLoad } = await load();
    expect(await settled(afterLoad())).toBe(true);
    expect(browser.watching()).toBe(0);
  });

  /** The event log's module, fresh, with a practice signed in. */
  async function eventLog() {
    vi.resetModules();
    // The test helpers' session is the fresh module's, as the event log's is.
    const { clearSession } = await import("./session.ts");
    (await import("../test/render.tsx")).signIn();
    const { logEvent } = await import("./log-event.ts");
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ result: 1, data: null }), { status: 200 }));
    spies.push(fetch);
    return { logEvent, fetch, clearSession };
  }

  it("sends the event log after the load, with low priority", async () => {
    readyState("loading");
    const { logEvent, fetch } = await eventLog();
    logEvent({ event: EVENT_TYPES[0], product_id: 1 });
    await settled(Promise.resolve());
    expect(fetch).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("load"));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith("/api/user/eventLog", expect.objectContaining({ priority: "low" }));
  });

  it("sends no event log when the user signed out while it waited", async () => {
    readyState("loading");
    const { logEvent, fetch, clearSession } = await eventLog();
    logEvent({ event: EVENT_TYPES[0], product_id: 1 });
    clearSession();
    window.dispatchEvent(new Event("load"));
    await settled(Promise.resolve(), 100);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("afterNextPaint (decision 034, lever 39)", () => {
  it("goes on only once the next frame has been drawn", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    const { afterNextPaint } = await load();
    const painted = afterNextPaint();
    expect(await settled(painted)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.(performance.now());
    expect(await settled(painted)).toBe(true);
  });
});
