import { Badge, Button, Grid, Group, Stack, Title } from "@mantine/core";
import { IconExternalLink, IconTemplate } from "@tabler/icons-react";
import { MESSAGES, QUICKBOOKS_TYPES } from "@vetportal/contract";
import { Link, useParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { isNotFound, LoadError, PageLoading } from "../../../components/page-state.tsx";
import { RecordHistory } from "../../../components/record-history.tsx";
import { StatusBadge } from "../../../components/tone-badge.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useAdminProduct } from "../api/get-product.ts";
import { useUpdateProduct } from "../api/update-product.ts";
import { canDestroy, DestroyButton } from "../components/destroy-button.tsx";
import { InventoryPanel } from "../components/inventory-panel.tsx";
import { LedgerTable } from "../components/ledger-table.tsx";
import { ProductForm } from "../components/product-form.tsx";
import { ProductImageCard } from "../components/product-image-card.tsx";
import { ProductNotFound } from "../components/product-not-found.tsx";

function Crumbs({ name }: { name: string }) {
  return <PageCrumbs trail={[{ to: "/Product/ProductReport", label: "Products" }]} current={name} />;
}

/** /Product/ProductDetail/{id} (SPEC §2): modify a product, its image and its inventory; Destroy when allowed. */
export function ProductDetailRoute() {
  const params = useParams();
  const id = positiveId(params.id);
  const product = useAdminProduct(id);
  const updateProduct = useUpdateProduct();

  if (id === undefined || isNotFound(product.error)) {
    return <ProductNotFound />;
  }
  if (product.isPending) {
    return <PageLoading label="Loading product…" blocks={[{ h: 16, w: 220 }, { h: 36, w: 420 }, { h: 480 }]} />;
  }
  if (product.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Product</Title>
        <LoadError title="The product could not be loaded" query={product} />
      </Stack>
    );
  }

  const data = product.data;
  const typeName = QUICKBOOKS_TYPES.find((t) => t.id === data.quickbooks_type_id)?.name;
  return (
    <Stack gap="lg">
      <title>{`${data.name} · Products · Vet Portal`}</title>
      <Crumbs name={data.name} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={1}>{data.name}</Title>
          <Group gap={6}>
            <StatusBadge active={data.is_active} />
            <Badge variant="default" tt="none" fw={500}>
              ID {data.id}
            </Badge>
            {typeName && (
              <Badge variant="default" tt="none" fw={500}>
                {typeName}
              </Badge>
            )}
            <Badge variant="default" tt="none" fw={500}>
              {data.category}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/product/${data.id}`}
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            View as practice
          </Button>
          {data.is_customizable && (
            <Button
              component={Link}
              to={`/Product/Template/${data.id}`}
              variant="default"
              leftSection={<IconTemplate size={16} aria-hidden />}
            >
              Print template
            </Button>
          )}
          {canDestroy(data) && <DestroyButton product={data} />}
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ProductForm
            key={data.id}
            product={data}
            submitLabel="Save Product"
            isSaving={updateProduct.isPending}
            onSave={async (request) => {
              await updateProduct.mutateAsync({ ...request, id: data.id });
              notifySuccess(MESSAGES.productUpdated);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <InventoryPanel product={data} />
            <ProductImageCard product={data} />
          </Stack>
        </Grid.Col>
      </Grid>
      <LedgerTable productId={data.id} />
      <RecordHistory kind="product" recordId={data.id} />
    </Stack>
  );
}
