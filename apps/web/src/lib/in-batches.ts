import { startTransition, useContext, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { UNSAFE_DataRouterStateContext } from "react-router";

/** Items drawn in a list's first render: a phone's screen holds two or three cards, a laptop's a dozen rows. */
export const FIRST_BATCH = 6;
/** Items added in each later frame. */
export const NEXT_BATCH = 4;

/**
 * How many of a list's `count` items to draw now (decision 034, lever 53). A list mounts with its
 * first FIRST_BATCH items and adds NEXT_BATCH a frame, each in a transition of its own, until all
 * are drawn (a few frames: 25 rows in five). The first render's work (React's commit, then the
 * browser's style, layout and paint of every item) is then a short task per frame instead of one
 * long one, so the page answers a tap while the rest of the list arrives below the first screen.
 *
 * Everything is drawn at once when the page is about to be scrolled back to where it was left (a
 * step back, a reload: the router's restored position), so the position exists to return to, and
 * before the browser prints. Once drawn, a list's later changes (the pager's next page) are drawn
 * at once, up to the number it has drawn. `inBatches: false` draws everything at once (a table on
 * a wide screen, whose columns would widen as rows arrive). `sizes` sets the batches for items that
 * are each a task's worth (a page's forms: one a frame).
 */
export function useInBatches(
  count: number,
  inBatches = true,
  sizes: { first: number; next: number } = { first: FIRST_BATCH, next: NEXT_BATCH },
): number {
  const [shown, setShown] = useState(sizes.first);
  const next = sizes.next;
  const restoring = useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition;
  const restored = typeof restoring === "number" && restoring > 0;
  // Drawn whole once, it stays whole when the router's position is gone (the next navigation).
  if (restored && shown < count) setShown(count);
  const all = !inBatches || restored;

  useEffect(() => {
    if (all || shown >= count) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints this batch, a task of its own draws the next one.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((drawn) => drawn + next)), 0);
    });
    const beforePrint = () => flushSync(() => setShown(count));
    window.addEventListener("beforeprint", beforePrint);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener("beforeprint", beforePrint);
    };
  }, [all, shown, count, next]);

  return all ? count : Math.min(shown, count);
}
