/** How long after the next frame the first screen's calls wait for its largest paint at most. */
export const LARGEST_PAINT_WAIT_MS = 500;

/**
 * Whether the browser will report this screen's largest paint: it reports none where it does not
 * support them, and none after the user's first input (a sign-in typed, a click).
 */
const reportsLargestPaint = () =>
  typeof PerformanceObserver === "function" &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes("largest-contentful-paint") &&
  !performance.getEntriesByType?.("first-input").length;

/** The next frame, then a task. */
const afterNextFrame = (resolve: () => void) => requestAnimationFrame(() => setTimeout(resolve, 0));

/** A hidden tab paints nothing, and a document without frames never will. */
const noFrames = () => document.visibilityState === "hidden" || typeof requestAnimationFrame !== "function";

/**
 * Resolves after the next frame has painted (at once where there are no frames, in a hidden tab):
 * a call that waits for it is no part of what the screen now being drawn waits for.
 */
export function afterNextPaint(): Promise<void> {
  return noFrames() ? Promise.resolve() : new Promise(afterNextFrame);
}

/** Resolves at the first largest-contentful-paint reported at or after `since`, or after `capMs`. */
function largestPaintAfter(since: number, capMs: number, resolve: () => void) {
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= since)) done();
  });
  const cap = setTimeout(() => done(), capMs);
  function done() {
    observer.disconnect();
    clearTimeout(cap);
    resolve();
  }
  observer.observe({ type: "largest-contentful-paint", buffered: true });
}

/** The first screen's wait, shared by the calls its render made; settled once it has painted. */
let firstScreen: Promise<void> | undefined;
let firstScreenPainted = false;

/**
 * Resolves once the page has loaded (the document's `load`: the code, the stylesheets and the
 * pictures its first render asked for) and painted. The first screen's calls (made by its render's
 * effects) wait for the browser's next largest-contentful-paint after them: a picture paints a
 * frame or two after the render that placed it, once decoded. Where the browser does not report
 * those (nor after the user's first input), and for every later call, the next frame and a task;
 * when nothing larger paints, at most LARGEST_PAINT_WAIT_MS after the next frame. At once in a
 * hidden tab, which paints nothing. The session may have ended meanwhile: a caller checks it again.
 * Background calls a page makes when it opens (the cart's merge, the event log) wait for it, so the
 * first screen never waits on them and they do not compete with it for the main thread and the
 * network (decision 034, levers 25, 26 and 31).
 */
export function afterLoad(): Promise<void> {
  if (noFrames() || firstScreenPainted) return afterNextPaint();
  firstScreen ??= new Promise<void>((resolve) => {
    const since = performance.now();
    const painted = () =>
      afterNextFrame(() =>
        reportsLargestPaint() ? largestPaintAfter(since, LARGEST_PAINT_WAIT_MS, resolve) : resolve(),
      );
    if (document.readyState === "complete") painted();
    else window.addEventListener("load", painted, { once: true });
  }).then(() => {
    firstScreenPainted = true;
  });
  return firstScreen;
}
