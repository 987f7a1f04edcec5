import { Anchor, Button, Group, Paper, Select, Stack, Table } from "@mantine/core";
import { IconDownload, IconPlus } from "@tabler/icons-react";
import { ADMIN_PAGE_SIZE } from "@vetportal/contract";
import { Link } from "react-router";
import { ListResults, StatusCell } from "../../../components/list-results.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { HeadCells } from "../../../components/table-parts.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useExportProducts } from "../api/export-products.ts";
import { useCategoryOptions } from "../api/list-categories.ts";
import { useAdminProducts } from "../api/list-products.ts";

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
        head={<HeadCells columns={["ID", "Name", "SKU", "Category", "Status", { label: "Stock", numeric: true }]} />}
        row={(product) => (
          <Table.Tr key={product.id}>
            <Table.Td>{product.id}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/Product/ProductDetail/${product.id}`} fw={500} size="sm">
                {product.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{product.customer_sku}</Table.Td>
            <Table.Td>{categoryName.get(product.product_category_id) ?? product.product_category_id}</Table.Td>
            <StatusCell active={product.is_active} />
            <Table.Td ta="right" ff="monospace">
              {product.is_in_inventory ? product.actual_inventory.toLocaleString("en-US") : "—"}
            </Table.Td>
          </Table.Tr>
        )}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPageChange={(next) => update({ page: next })}
      />
    </Stack>
  );
}
