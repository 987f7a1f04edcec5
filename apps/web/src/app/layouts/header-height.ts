import { useEffect } from "react";

/** The CSS variable holding the sticky header's height; toasts are placed below it (app/notifications.module.css). */
const HEADER_HEIGHT_VARIABLE = "--app-header-height";

/**
 * Keeps HEADER_HEIGHT_VARIABLE on the document equal to the height of the element with this id
 * (the header wraps differently at each width, and its search row comes and goes), and removes it
 * when the layout goes (the sign-in page has no header: toasts go to the top).
 *
 * The height comes from the ResizeObserver's own observations (the first one is delivered with the
 * first frame after `observe`), never read from the element: reading it right after React's commit
 * forced the whole page's layout inside the commit's task, 20–40 ms on a fast machine and four times
 * that on a phone (decision 034, lever 27).
 */
export function useHeaderHeightVariable(id: string): void {
  useEffect(() => {
    const header = document.getElementById(id);
    if (!header) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize;
      if (height === undefined) return;
      const value = `${height}px`;
      // The variable is on the root: setting it restyles the whole document, so only when it changed.
      if (root.style.getPropertyValue(HEADER_HEIGHT_VARIABLE) !== value)
        root.style.setProperty(HEADER_HEIGHT_VARIABLE, value);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VARIABLE);
    };
  }, [id]);
}
