import { useEffect } from "react";

/** The CSS variable holding the sticky header's height; toasts are placed below it (app/notifications.module.css). */
const HEADER_HEIGHT_VARIABLE = "--app-header-height";

/**
 * Keeps HEADER_HEIGHT_VARIABLE on the document equal to the height of the element with this id
 * (the header wraps differently at each width, and its search row comes and goes), and removes it
 * when the layout goes (the sign-in page has no header: toasts go to the top).
 */
export function useHeaderHeightVariable(id: string): void {
  useEffect(() => {
    const header = document.getElementById(id);
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(HEADER_HEIGHT_VARIABLE, `${header.getBoundingClientRect().height}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VARIABLE);
    };
  }, [id]);
}
