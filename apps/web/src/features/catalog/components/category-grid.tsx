import { Text } from "@mantine/core";
import type { Category } from "@vetportal/contract";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { useCategories } from "../api/list-categories.ts";
import { CardGrid, CardGridSkeleton, LinkCard } from "./card-grid.tsx";

function CategoryTile({ category }: { category: Category }) {
  return (
    <LinkCard
      to={`/category/${category.id}`}
      image={category.image_url}
      name={category.name}
      detail={category.subtitle}
      cta="View products"
    />
  );
}

/** The home page's category tiles (SPEC §2 "/"), linking to /category/{id}. */
export function CategoryGrid() {
  const categories = useCategories({ exclude_no_product: 1 });

  if (categories.isPending) {
    return (
      <PageLoading label="Loading categories…">
        <CardGridSkeleton />
      </PageLoading>
    );
  }

  if (categories.isError) {
    return <LoadError title="The categories could not be loaded" query={categories} />;
  }

  if (categories.data.length === 0) {
    return <Text c="dimmed">No product categories are available for your practice yet.</Text>;
  }

  return (
    <CardGrid>
      {categories.data.map((category) => (
        <CategoryTile key={category.id} category={category} />
      ))}
    </CardGrid>
  );
}
