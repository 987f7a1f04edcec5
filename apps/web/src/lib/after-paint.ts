/**
 * Resolves once the browser has painted the next frame (a task after the frame's animation
 * callbacks), or at once in a hidden tab, which paints nothing. Background calls a page makes when
 * it opens (the cart's merge, the event log) wait for it, so the first paint never waits on them
 * and they do not compete with it for the main thread and the network (decision 034, lever 25).
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden" || typeof requestAnimationFrame !== "function") return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
