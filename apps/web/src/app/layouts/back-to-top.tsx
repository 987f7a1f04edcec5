import { ActionIcon, Affix, Transition } from "@mantine/core";
import { useWindowScroll } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";

/** Appears after 100 px of scrolling (SPEC §2, §9). */
const THRESHOLD_PX = 100;

export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, right: 24 }} data-print="hide">
      <Transition transition="slide-up" mounted={scroll.y > THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={48}
            radius="xl"
            variant="filled"
            aria-label="Back to top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
