import { Anchor, Divider, Grid, Group, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTruckDelivery } from "@tabler/icons-react";
import type { ProductDetail } from "@vetportal/contract";
import { useParams, useSearchParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { useLogEvent } from "../../../lib/log-event.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { productQueryOptions, useProduct } from "../api/get-product.ts";
import { proofQueryOptions } from "../api/proof.ts";
import { AddToCartForm } from "../components/add-to-cart-form.tsx";
import { ImageZoom } from "../components/image-zoom.tsx";
import { ProofPanel } from "../components/proof-panel.tsx";

function positiveId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The first paint of a fresh visit waits for the product, and for a personalised one its proof
 * (lib/first-data-loader.ts): the boot script asks for the proof as soon as the product says it is one.
 */
export function productLoader({ params, request }: { params: { productId?: string }; request: Request }) {
  const id = positiveId(params.productId);
  if (id === undefined) return loadFirstData([]);
  const product = productQueryOptions(id, positiveId(new URL(request.url).searchParams.get("category")));
  return loadFirstData([product], () =>
    queryClient.getQueryData(product.queryKey)?.is_customizable ? [proofQueryOptions(id)] : [],
  );
}

/**
 * The page's shape while it loads, block for block: when the product arrives nothing moves, and the
 * page is as tall as it will be, so a scrollbar does not appear and shift it sideways either.
 */
function ProductSkeleton() {
  return (
    <Grid gap="xl" aria-hidden>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={{ base: 260, sm: 380 }} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Skeleton h={40} w="70%" />
            <Skeleton h={16} w="30%" />
            <Skeleton h={12} w="20%" />
          </Stack>
          <Skeleton h={48} />
          <Skeleton h={84} w="60%" />
          <Skeleton h={170} mt="md" />
          <Skeleton h={62} w={184} />
          <Skeleton h={42} w={160} />
          <Skeleton h={76} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Pack size, the minimum and maximum notes and the contact for larger orders (SPEC §9). */
function OrderNotes({ product }: { product: ProductDetail }) {
  const pack = product.package_quantity;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <strong>Pack size:</strong> {pack} per pack
      </Text>
      <List size="sm" listStyleType="none" spacing={2}>
        <List.Item>
          * Minimum Order {product.min_quantity} {product.min_quantity === 1 ? "Pack" : "Packs"} of {pack}
        </List.Item>
        <List.Item>
          * Maximum Order {product.max_quantity} {product.max_quantity === 1 ? "Pack" : "Packs"} of {pack}
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        For larger orders, please email{" "}
        <Anchor href={`mailto:${product.large_order_email}`} size="sm" underline="always">
          {product.large_order_email}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function ShippingEstimate({ product }: { product: ProductDetail }) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="xl">
          <IconTruckDelivery size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600}>Estimated Shipping Date: {product.estimate_delivery_date}</Text>
          <Text size="sm" c="dimmed">
            Estimated Shipping Date is based on a day cut off time of {product.cutoff_time} pm EST
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /product/{productId} (SPEC §2): picture with zoom, description, quantity rules, Add To Cart, ship date. */
export function ProductRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = positiveId(params.productId);
  const categoryId = positiveId(searchParams.get("category"));
  const product = useProduct(id, categoryId);
  useLogEvent(id === undefined ? null : { event: "product", product_id: id, product_category_id: categoryId });

  if (id === undefined || isNotFound(product.error)) {
    return (
      <RecordNotFound
        title="Product not found"
        message="This product does not exist or is not available to your practice."
        backTo="/"
        backLabel="Back to Products"
      />
    );
  }

  if (product.isPending) {
    return (
      <PageLoading label="Loading product…" blocks={[{ h: 16, w: 220 }]}>
        <ProductSkeleton />
      </PageLoading>
    );
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
  return (
    <Stack gap="lg">
      <title>{`${data.display_name} · Vet Portal`}</title>
      <PageCrumbs
        trail={[
          { to: "/", label: "Products" },
          { to: `/category/${data.product_category_id}`, label: data.category },
        ]}
        current={data.display_name}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ImageZoom src={data.image_url} name={data.display_name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1}>{data.display_name}</Title>
              {data.additional_info && <Text c="dimmed">{data.additional_info}</Text>}
              {data.customer_sku && (
                <Text size="xs" c="dimmed">
                  SKU {data.customer_sku}
                </Text>
              )}
            </Stack>
            {data.description_1 && <Text>{data.description_1}</Text>}
            <OrderNotes product={data} />
            <Divider />
            {data.is_customizable && (
              <ProofPanel
                productId={data.id}
                productName={data.display_name}
                again={searchParams.get("proof") === "again"}
              />
            )}
            <AddToCartForm key={data.id} product={data} />
            <ShippingEstimate product={data} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
