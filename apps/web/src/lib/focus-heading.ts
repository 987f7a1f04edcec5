import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Moving focus to the new page's heading after every navigation to another page (issue 22 §5; at
 * first only signing in and placing an order did, issue 11), so a screen reader announces where
 * they are and the keyboard starts from there instead of from the top of the document. A step
 * that replaces the page without changing its path (signing in on /login) navigates with this
 * state; the layout focuses the page's h1 (useFocusHeadingOnArrival).
 */
export const FOCUS_HEADING_STATE = { focusHeading: true } as const;

function wantsHeadingFocus(state: unknown): boolean {
  return typeof state === "object" && state !== null && "focusHeading" in state && state.focusHeading === true;
}

/** How long a page may take to show its heading (its data loading) before focus is left alone. */
const WAIT_MS = 15_000;

/**
 * On arrival at another path (not the first page loaded, not a change of the same page's query
 * string such as a filter), or with FOCUS_HEADING_STATE, focuses the first h1 inside the element with id `containerId`
 * as soon as the page shows it (a page may show a skeleton while its data loads). Stops when the
 * user moves focus themselves, on the next navigation, or after WAIT_MS. A step back or forward
 * focuses the heading without scrolling to it: the router puts the page back where it was left.
 */
export function useFocusHeadingOnArrival(containerId: string): void {
  const location = useLocation();
  const previousPath = useRef<string | null>(null);
  const isOtherPage = previousPath.current !== null && previousPath.current !== location.pathname;
  const wanted = wantsHeadingFocus(location.state) || isOtherPage;
  const keepPosition = useNavigationType() === "POP";

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival (location.key), not per render.
  useEffect(() => {
    previousPath.current = location.pathname;
    if (!wanted) return;
    const container = document.getElementById(containerId);
    if (!container) return;
    const startedOn = document.activeElement;

    const focusHeading = (): boolean => {
      // The user went somewhere themselves meanwhile: leave them there.
      if (document.activeElement !== startedOn && document.activeElement !== document.body) return true;
      const heading = container.querySelector("h1");
      if (!heading) return false;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: keepPosition });
      return true;
    };

    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [location.key, wanted, containerId]);
}
