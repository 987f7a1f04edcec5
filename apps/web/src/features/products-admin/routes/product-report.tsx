import { Anchor, Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { ADMIN_PAGE_SIZE, type ProductListItemSchema } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { FilterForm } from "../../../components/filter-form.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { statusColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { ExportButton } from "../../../components/table/export-button.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useExportProducts } from "../api/export-products.ts";
import { useCategoryOptions } from "../api/list-categories.ts";
import { useAdminProducts } from "../api/list-products.ts";

type Product = z.infer<typeof ProductListItemSchema>;

type Filter = { search: string; category: string | null };

/** The list's filter: part of a name or a SKU (applied on Search, issue 23 §3), and a category (at once). */
function ProductFilter({
  initial,
  categories,
  onApply,
}: {
  initial: Filter;
  categories: { value: string; label: string }[];
  onApply: (filter: Filter) => void;
}) {
  const [values, setValues] = useState(initial);
  return (
    <FilterForm
      label="Filter products"
      onSearch={() => onApply({ ...values, search: values.search.trim() })}
      onClear={() => {
        setValues({ search: "", category: null });
        onApply({ search: "", category: null });
      }}
    >
      <TextInput
        label="Name or SKU"
        value={values.search}
        onChange={(e) => setValues({ ...values, search: e.currentTarget.value })}
        maxLength={200}
        w={{ base: "100%", xs: 280 }}
      />
      <Select
        label="Category"
        placeholder="All categories"
        data={categories}
        value={values.category}
        onChange={(category) => {
          // A category applies as it is picked (as before the search field came), with the text typed.
          setValues({ ...values, category });
          onApply({ search: values.search.trim(), category });
        }}
        searchable
        clearable
        nothingFoundMessage="No category by that name"
        w={{ base: "100%", xs: 320 }}
      />
    </FilterForm>
  );
}

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
  const search = params.get("q") ?? "";
  const categories = useCategoryOptions();
  const products = useAdminProducts({
    product_category_id: categoryId,
    name: search || undefined,
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
          <ExportButton
            label="Export"
            loading={exportProducts.isPending}
            onClick={() => exportProducts.mutate({ product_category_id: categoryId })}
          />
          <Button
            component={Link}
            to={categoryId ? `/admin/product?category=${categoryId}` : "/admin/product"}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add Product
          </Button>
        </Group>
      </PageHeader>

      <ProductFilter
        initial={{ search, category: categoryId ? String(categoryId) : null }}
        categories={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        onApply={(next) => update({ q: next.search || null, category: next.category, page: 1 })}
      />

      <ListResults
        query={products}
        noun="products"
        errorTitle="The products could not be loaded"
        emptyText={search ? `No product's name or SKU holds "${search}".` : "No products in this category."}
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
