import { Anchor, Button, Group, Paper, Select, Stack } from "@mantine/core";
import { IconDownload, IconPlus } from "@tabler/icons-react";
import { ADMIN_PAGE_SIZE, type ProductListItemSchema } from "@vetportal/contract";
import { Link } from "react-router";
import type { z } from "zod";
import { PageHeader } from "../../../components/page-header.tsx";
import { statusColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useExportProducts } from "../api/export-products.ts";
import { useCategoryOptions } from "../api/list-categories.ts";
import { useAdminProducts } from "../api/list-products.ts";

type Product = z.infer<typeof ProductListItemSchema>;

function productColumns(categoryName: Map<number, string>): TableColumn<Product>[] {
  return [
    { key: "id", label: "ID", cell: (product) => product.id },
    {
      key: "name",
      label: "Name",
      role: "title",
      wrap: true,
      cell: (product) => (
        <Anchor component={Link} to={`/Product/ProductDetail/${product.id}`} fw={500} size="sm">
          {product.name}
        </Anchor>
      ),
    },
    { key: "sku", label: "SKU", cell: (product) => product.customer_sku },
    {
      key: "category",
      label: "Category",
      wrap: true,
      cell: (product) => categoryName.get(product.product_category_id) ?? product.product_category_id,
    },
    statusColumn((product) => product.is_active),
    {
      key: "stock",
      label: "Stock",
      numeric: true,
      cell: (product) => (product.is_in_inventory ? product.actual_inventory.toLocaleString("en-US") : "—"),
    },
  ];
}

/** /Product/ProductReport (SPEC §2): every product, active or not, by category, 50 a page, with Export. */
export function ProductReportRoute() {
  const { params, page, update } = useListParams();
  const categoryId = positiveId(params.get("category"));
  const categories = useCategoryOptions();
  const products = useAdminProducts({
    product_category_id: categoryId,
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
  });
  const exportProducts = useExportProducts();
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));

  return (
    <Stack gap="lg">
      <title>Products · Vet Portal</title>
      <PageHeader title="Products" description="Every product of the catalogue, active or not, with its stock.">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportProducts.isPending}
            onClick={() => exportProducts.mutate({ product_category_id: categoryId })}
          >
            Export
          </Button>
          <Button
            component={Link}
            to={categoryId ? `/admin/product?category=${categoryId}` : "/admin/product"}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add Product
          </Button>
        </Group>
      </PageHeader>

      <Paper withBorder p="md" radius="md">
        <Select
          label="Category"
          placeholder="All categories"
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={categoryId ? String(categoryId) : null}
          onChange={(value) => update({ category: value, page: 1 })}
          searchable
          clearable
          nothingFoundMessage="No category by that name"
          maw={420}
        />
      </Paper>

      <ListResults
        query={products}
        noun="products"
        errorTitle="The products could not be loaded"
        emptyText="No products in this category."
        minWidth={760}
        columns={productColumns(categoryName)}
        rowKey={(product) => product.id}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPageChange={(next) => update({ page: next })}
      />
    </Stack>
  );
}
