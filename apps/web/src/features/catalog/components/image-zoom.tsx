import { UnstyledButton } from "@mantine/core";
import { IconZoomIn } from "@tabler/icons-react";
import { useState } from "react";
import { ProductImage } from "../../../components/product-image.tsx";
import { LazyOpenable, lazyOnUse } from "../../../lib/lazy-on-use.tsx";
import classes from "./image-zoom.module.css";

/** The enlarged picture's modal loads with the first press (or pointing at the picture), decision 034. */
const zoomModal = lazyOnUse<{ opened: boolean; onClose: () => void; src: string; name: string }>(
  () => import("./image-zoom-modal.tsx"),
);

/** The product picture; a click (or Enter) opens it enlarged in a modal (SPEC §2 "zoomable image modal"). */
export function ImageZoom({ src, name }: { src: string; name: string }) {
  const [opened, setOpened] = useState(false);
  // The modal mounts with its first opening and stays (its closing transition, focus return).
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  return (
    <>
      <UnstyledButton
        className={classes.trigger}
        onClick={open}
        onPointerEnter={zoomModal.preload}
        onPointerDown={zoomModal.preload}
        onFocus={zoomModal.preload}
        aria-label={`Enlarge image of ${name}`}
      >
        {/* The page's largest paint (Lighthouse's LCP element): fetched before the page's other images. */}
        <ProductImage src={src} alt={name} h={{ base: 260, sm: 380 }} p="md" fetchPriority="high" />
        <span className={classes.hint} aria-hidden>
          <IconZoomIn size={16} />
          Click to enlarge
        </span>
      </UnstyledButton>
      {used && <LazyOpenable lazy={zoomModal} opened={opened} onClose={() => setOpened(false)} src={src} name={name} />}
    </>
  );
}
