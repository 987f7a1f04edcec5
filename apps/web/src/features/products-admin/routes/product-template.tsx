import { Alert, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { isNotFound, LoadError, PageLoading } from "../../../components/page-state.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { adminProductQueryOptions, useAdminProduct } from "../api/get-product.ts";
import { templateQueryOptions, useTemplate } from "../api/print-template.ts";
import { ProductNotFound } from "../components/product-not-found.tsx";
import { TemplateEditor } from "../components/template-editor.tsx";

function Heading({ productId, name }: { productId: number; name: string }) {
  return (
    <Stack gap={6}>
      <PageCrumbs
        trail={[
          { to: "/Product/ProductReport", label: "Products" },
          { to: `/Product/ProductDetail/${productId}`, label: name },
        ]}
        current="Print template"
      />
      <Title order={1} tabIndex={-1}>
        Print template
      </Title>
      <Text c="dimmed">Where {name} prints each practice's name, phone, address, hours, website QR code and logo.</Text>
    </Stack>
  );
}

/** A fresh visit's product and its template are in its first paint (lib/first-data-loader.ts). */
export function productTemplateLoader({ params }: { params: { productId?: string } }) {
  const id = positiveId(params.productId);
  if (id === undefined) return loadFirstData([]);
  const product = adminProductQueryOptions(id);
  return loadFirstData([product], () =>
    queryClient.getQueryData(product.queryKey)?.is_customizable ? [templateQueryOptions(id)] : [],
  );
}

/**
 * /Product/Template/{id} (issue 24 §2): an administrator edits a customizable product's print
 * template (base PDF, bleed, each field's place and type) with a live preview of the result.
 */
export function ProductTemplateRoute() {
  const id = positiveId(useParams().productId);
  const product = useAdminProduct(id);
  const template = useTemplate(product.data?.is_customizable ? id : undefined);

  if (id === undefined || isNotFound(product.error)) {
    return <ProductNotFound />;
  }
  if (product.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Print template</Title>
        <LoadError title="The product could not be loaded" query={product} />
      </Stack>
    );
  }
  if (product.isPending || (product.data.is_customizable && template.isPending)) {
    return (
      <PageLoading label="Loading the print template…" blocks={[{ h: 16, w: 220 }, { h: 36, w: 320 }, { h: 480 }]} />
    );
  }
  const name = product.data.name;
  return (
    <Stack gap="lg">
      <title>{`Print template · ${name} · Products · Vet Portal`}</title>
      <Heading productId={id} name={name} />
      {!product.data.is_customizable ? (
        <Alert color="yellow" title="Not a personalised product">
          {`${name} is not personalised, so it has no print template.`}
        </Alert>
      ) : template.isError ? (
        <LoadError title="The print template could not be loaded" query={template} />
      ) : (
        <TemplateEditor
          key={template.data?.version ?? 0}
          productId={id}
          productName={name}
          template={template.data ?? null}
        />
      )}
    </Stack>
  );
}
