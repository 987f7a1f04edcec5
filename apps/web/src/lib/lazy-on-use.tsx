import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from "react";

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

/**
 * A lazily loaded drawer or modal, mounted closed and opened in the next render: Mantine records the
 * element to give focus back to (the button that opened it) only when `opened` changes, never at
 * mount, so one mounted already open would leave focus nowhere when it closes.
 */
export function LazyOpenable<P extends { opened: boolean }>({ lazy: part, ...props }: { lazy: LazyOnUse<P> } & P) {
  return (
    <Suspense fallback={null}>
      <OpenedAfterMount part={part} props={props as unknown as P} />
    </Suspense>
  );
}

function OpenedAfterMount<P extends { opened: boolean }>({ part, props }: { part: LazyOnUse<P>; props: P }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const Part = part.Component as unknown as ComponentType<P>;
  return <Part {...props} opened={props.opened && mounted} />;
}
