import { FileInput, Text } from "@mantine/core";
import { IconPhotoUp } from "@tabler/icons-react";
import { MESSAGES, type ProductDetail } from "@vetportal/contract";
import { useState } from "react";
import { FormSection } from "../../../components/form-fields.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { PRODUCT_IMAGE_TYPES, useUploadProductImage } from "../api/upload-product-image.ts";

/** The product picture with an upload, stored at once; the server checks type and size and says why it refuses. */
export function ProductImageCard({ product }: { product: ProductDetail }) {
  const upload = useUploadProductImage();
  const [error, setError] = useState<string | null>(null);

  function choose(file: File | null) {
    setError(null);
    if (!file) return;
    upload.mutate(
      { id: product.id, file },
      {
        onSuccess: () => notifySuccess(MESSAGES.productUpdated),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <FormSection title="Image">
      <ProductImage src={product.image_url} alt={product.display_name} h={200} radius="md" bg="gray.0" />
      <FileInput
        label="Upload a new image"
        description="PNG, JPEG or WebP, up to 2 MB."
        placeholder="Choose a file"
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        accept={PRODUCT_IMAGE_TYPES.join(",")}
        leftSection={<IconPhotoUp size={16} aria-hidden />}
        value={null}
        onChange={choose}
        error={error}
        disabled={upload.isPending}
      />
      {upload.isPending && (
        <Text size="sm" c="dimmed" role="status">
          Uploading…
        </Text>
      )}
    </FormSection>
  );
}
