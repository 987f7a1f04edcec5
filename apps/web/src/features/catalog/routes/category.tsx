import { Anchor, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import { Link, useParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { useLogEvent } from "../../../lib/log-event.ts";
import { categoriesQueryOptions, useCategories } from "../api/list-categories.ts";
import { type ProductListFilter, productsQueryOptions, useProducts } from "../api/list-products.ts";
import { CardGrid, CardGridSkeleton } from "../components/card-grid.tsx";
import { ProductCard } from "../components/product-card.tsx";

/**
 * /category/{categoryIdOrSearchText} (SPEC §2): a numeric value lists that category's products,
 * anything else searches product names and SKUs. An empty list says 'No current products for {search}'.
 */
function filterOf(categoryIdOrSearchText: string) {
  const text = categoryIdOrSearchText.trim();
  const categoryId = /^\d+$/.test(text) ? Number(text) : undefined;
  const filter: ProductListFilter = categoryId === undefined ? { name: text } : { product_category_id: categoryId };
  return { text, categoryId, filter };
}

/** The first paint of a fresh visit waits for the products and the categories (lib/first-data-loader.ts). */
export const categoryLoader = ({ params }: { params: { categoryIdOrSearchText?: string } }) =>
  loadFirstData([
    productsQueryOptions(filterOf(params.categoryIdOrSearchText ?? "").filter),
    categoriesQueryOptions({ exclude_no_product: 1 }),
  ]);

export function CategoryRoute() {
  const { categoryIdOrSearchText = "" } = useParams();
  const { text, categoryId, filter } = filterOf(categoryIdOrSearchText);

  const products = useProducts(filter);
  // The home page's list is usually cached already; it names the category and gives its subtitle.
  const categories = useCategories({ exclude_no_product: 1 });
  const category = categoryId === undefined ? undefined : categories.data?.find((c) => c.id === categoryId);
  useLogEvent(
    categoryId === undefined
      ? { event: "category", search: text.slice(0, 200) }
      : { event: "category", product_category_id: categoryId },
  );

  const isNamePending = categoryId !== undefined && categories.isPending;
  const subject = categoryId === undefined ? text : (category?.name ?? text);
  const isEmpty = products.data?.items.length === 0;
  const heading = isEmpty
    ? MESSAGES.noProducts(subject)
    : categoryId === undefined
      ? `Search results for "${text}"`
      : (category?.name ?? "Products");

  return (
    <Stack gap="lg">
      <title>{`${categoryId === undefined ? `Search: ${text}` : (category?.name ?? "Products")} · Vet Portal`}</title>
      <PageCrumbs
        trail={[{ to: "/", label: "Products" }]}
        current={categoryId === undefined ? "Search" : (category?.name ?? "Category")}
      />
      <Stack gap={4}>
        {products.isPending || isNamePending ? (
          <>
            <VisuallyHidden role="status">Loading products…</VisuallyHidden>
            {/* The heading's height, so the grid does not move when it arrives (decision 034). */}
            <Skeleton h="calc(var(--mantine-h1-font-size) * var(--mantine-h1-line-height))" w={280} aria-hidden />
          </>
        ) : (
          <Title order={1}>{heading}</Title>
        )}
        {!isEmpty && category?.subtitle && <Text c="dimmed">{category.subtitle}</Text>}
        {products.data && !isEmpty && (
          <Text size="sm" c="dimmed">
            {products.data.total === 1 ? "1 product" : `${products.data.total} products`}
          </Text>
        )}
        {products.isPending && (
          <Skeleton w={90} aria-hidden>
            <Text size="sm">&nbsp;</Text>
          </Skeleton>
        )}
      </Stack>

      {products.isPending ? (
        <CardGridSkeleton />
      ) : products.isError ? (
        <LoadError title="The products could not be loaded" query={products} />
      ) : isEmpty ? (
        <Text>
          <Anchor component={Link} to="/">
            Browse all product categories
          </Anchor>
        </Text>
      ) : (
        <CardGrid>
          {products.data.items.map((product) => (
            <ProductCard key={product.id} product={product} categoryId={categoryId} />
          ))}
        </CardGrid>
      )}
    </Stack>
  );
}
