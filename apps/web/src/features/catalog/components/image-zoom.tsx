import { Modal, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconZoomIn } from "@tabler/icons-react";
import { ProductImage } from "../../../components/product-image.tsx";
import classes from "./image-zoom.module.css";

/** The product picture; a click (or Enter) opens it enlarged in a modal (SPEC §2 "zoomable image modal"). */
export function ImageZoom({ src, name }: { src: string; name: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <UnstyledButton className={classes.trigger} onClick={open} aria-label={`Enlarge image of ${name}`}>
        {/* The page's largest paint (Lighthouse's LCP element): fetched before the page's other images. */}
        <ProductImage src={src} alt={name} h={{ base: 260, sm: 380 }} p="md" fetchPriority="high" />
        <span className={classes.hint} aria-hidden>
          <IconZoomIn size={16} />
          Click to enlarge
        </span>
      </UnstyledButton>
      <Modal opened={opened} onClose={close} title={name} size="xl">
        <ProductImage src={src} alt={name} mah="75vh" />
      </Modal>
    </>
  );
}
