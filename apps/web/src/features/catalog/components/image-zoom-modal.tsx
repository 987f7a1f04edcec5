import { Modal } from "@mantine/core";
import { ProductImage } from "../../../components/product-image.tsx";

/** The product picture enlarged (image-zoom.tsx loads this with the first press). */
export default function ImageZoomModal({
  opened,
  onClose,
  src,
  name,
}: {
  opened: boolean;
  onClose: () => void;
  src: string;
  name: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={name} size="xl">
      <ProductImage src={src} alt={name} mah="75vh" />
    </Modal>
  );
}
