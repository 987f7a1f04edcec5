import { ActionIcon } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";
import { useState } from "react";

/** Appears after 100 px of scrolling (SPEC §2, §9). */
const THRESHOLD_PX = 100;

/**
 * Back to top, in the sticky header's actions rather than floating over the page, so it never
 * covers content (an order's amounts on a phone; issue 22 §3, decision 036).
 *
 * It follows scroll events only: a page opens at the top, and a restored position arrives as a
 * scroll event too. Reading the position when the header mounts (Mantine's useWindowScroll) made
 * the browser lay out the half-built first page early, on every page (decision 034, lever 22).
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useWindowEvent("scroll", () => setShown(window.scrollY > THRESHOLD_PX), { passive: true });
  if (!shown) return null;
  return (
    <ActionIcon
      size={36}
      variant="default"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <IconArrowUp size={18} aria-hidden />
    </ActionIcon>
  );
}
