/**
 * Resolves once the page has loaded (the document's `load`: the code, the stylesheets and the
 * pictures its first render asked for) and the browser has painted the next frame (a task after the
 * frame's animation callbacks); at once in a hidden tab, which paints nothing. Background calls a
 * page makes when it opens (the cart's merge, the event log) wait for it, so the first screen never
 * waits on them and they do not compete with it for the main thread and the network (decision 034,
 * levers 25 and 26).
 */
export function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden" || typeof requestAnimationFrame !== "function") return resolve();
    const afterNextPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (document.readyState === "complete") afterNextPaint();
    else window.addEventListener("load", afterNextPaint, { once: true });
  });
}
