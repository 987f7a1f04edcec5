import { Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import { useNavigate, useSearchParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useCreateProduct } from "../api/create-product.ts";
import { useCategoryOptions } from "../api/list-categories.ts";
import { ProductForm } from "../components/product-form.tsx";

/**
 * /admin/product (SPEC §2 "Add Product"): the product form for a new product. Once saved it opens
 * on its detail page, where the image and the inventory are managed.
 */
export function ProductNewRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const categories = useCategoryOptions();
  const createProduct = useCreateProduct();
  const wanted = positiveId(params.get("category"));

  const header = (
    <Stack gap="xs">
      <title>Add Product · Vet Portal</title>
      <PageCrumbs trail={[{ to: "/Product/ProductReport", label: "Products" }]} current={"Add Product"} />
      <Title order={1}>Add Product</Title>
      <Text c="dimmed">The image and the stock are added on the product's page once it is saved.</Text>
    </Stack>
  );

  if (categories.isPending) {
    return (
      <Stack gap="lg" maw={960}>
        {header}
        <VisuallyHidden role="status">Loading categories…</VisuallyHidden>
        <Skeleton h={480} aria-hidden />
      </Stack>
    );
  }
  if (categories.isError) {
    return (
      <Stack gap="lg" maw={960}>
        {header}
        <LoadError title="The categories could not be loaded" query={categories} />
      </Stack>
    );
  }

  // The select has no empty choice: the report's category, or else the first one.
  const categoryId = categories.data.some((c) => c.id === wanted) ? wanted : categories.data[0]?.id;
  return (
    <Stack gap="lg" maw={960}>
      {header}
      <ProductForm
        categoryId={categoryId}
        submitLabel="Add Product"
        isSaving={createProduct.isPending}
        onSave={async (request) => {
          const created = await createProduct.mutateAsync(request);
          notifySuccess(MESSAGES.productAdded);
          navigate(`/Product/ProductDetail/${created.id}`);
        }}
      />
    </Stack>
  );
}
