import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A component whose code loads when it is first shown, or earlier through `preload` (decision 034). */
export interface LazyOnUse<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts the download (once) without showing anything: on hover, focus or an idle moment. */
  preload: () => void;
}

/**
 * What the first paint does not show (the phone menu, the Reports menu, the Customer Service form)
 * is no part of the signed-in shell's chunk: it loads with its first use, and `preload` fetches it
 * ahead when the user points at its button or the page has finished loading (`whenIdle`).
 */
export function lazyOnUse<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyOnUse<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  return {
    Component: lazy(once),
    preload: () => {
      // A failed preload is tried again when the component is shown, where the error boundary sees it.
      once().catch(() => {
        loading = undefined;
      });
    },
  };
}

/**
 * How long after the page's load event an idle preload waits, so it is no part of the first page's
 * work: at 3 s Lighthouse's slower mobile audits still saw the phone menu's download and evaluation
 * in the page's load (decision 034, fourth round).
 */
const AFTER_LOAD_MS = 10_000;

/** Runs `task` in an idle moment a while after the document has loaded; returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let timer: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => !cancelled && task());
    else task();
  };
  const schedule = () => {
    timer = window.setTimeout(run, AFTER_LOAD_MS);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
    window.removeEventListener("load", schedule);
  };
}
