import { ActionIcon } from "@mantine/core";
import { useWindowScroll } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";

/** Appears after 100 px of scrolling (SPEC §2, §9). */
const THRESHOLD_PX = 100;

/**
 * Back to top, in the sticky header's actions rather than floating over the page, so it never
 * covers content (an order's amounts on a phone; issue 22 §3, decision 036).
 */
export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  if (scroll.y <= THRESHOLD_PX) return null;
  return (
    <ActionIcon size={36} variant="default" aria-label="Back to top" onClick={() => scrollTo({ y: 0 })}>
      <IconArrowUp size={18} aria-hidden />
    </ActionIcon>
  );
}
