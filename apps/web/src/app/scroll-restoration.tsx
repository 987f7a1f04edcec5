import { type Location, ScrollRestoration } from "react-router";

/** Where the scrolled positions of the tab's history entries are kept (sessionStorage). */
export const SCROLL_STORAGE_KEY = "vetportal-scroll-positions";

/**
 * The key a history entry's scrolled position is kept under. React Router calls every entry it did
 * not create itself "default" (a document opened by its address, a bookmark, a link from another
 * site): with its own key all of a tab's such entries would share one position, and a page opened
 * anew would come back scrolled to where another page was left (decision 034). Those entries are
 * told apart by their address instead.
 */
export function scrollKey(location: Pick<Location, "key" | "pathname" | "search">): string {
  return location.key === "default" ? `document ${location.pathname}${location.search}` : location.key;
}

/** How this document was opened: "navigate" (an address, a link, a bookmark), "reload" or "back_forward". */
function documentNavigationType(): string {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type ?? "navigate";
}

/**
 * A document opened anew starts at the top of its page, like any web page; a reload or a step back or
 * forward keeps the position it was left at. Runs once, before the first render, by forgetting the
 * position kept for this address (the one ScrollRestoration would otherwise restore).
 */
export function forgetScrollOfNewDocument(
  location: Pick<Location, "pathname" | "search"> = window.location,
  type: string = documentNavigationType(),
  storage: Storage = sessionStorage,
): void {
  if (type !== "navigate") return;
  try {
    const positions = JSON.parse(storage.getItem(SCROLL_STORAGE_KEY) ?? "{}") as Record<string, number>;
    const key = scrollKey({ key: "default", ...location });
    if (!(key in positions)) return;
    delete positions[key];
    storage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage unavailable or unreadable: React Router cannot read a position from it either.
  }
}

/** React Router's scroll restoration with the keys above. */
export function PageScrollRestoration() {
  return <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />;
}
