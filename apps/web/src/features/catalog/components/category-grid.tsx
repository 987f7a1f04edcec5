import { Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import type { Category } from "@vetportal/contract";
import { Link } from "react-router";
import placeholderUrl from "../../../assets/placeholder.svg";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { useCategories } from "../api/list-categories.ts";
import { CardGrid, CardGridSkeleton } from "./card-grid.tsx";
import classes from "./category-tile.module.css";

function CategoryTile({ category }: { category: Category }) {
  return (
    <Card component={Link} to={`/category/${category.id}`} withBorder radius="md" padding="sm" className={classes.tile}>
      <Card.Section className={classes.media}>
        {/* Decorative: the tile's name says what it is; broken images fall back to a placeholder (SPEC §8). */}
        <Image
          src={category.image_url}
          fallbackSrc={placeholderUrl}
          alt=""
          h={{ base: 140, sm: 200 }}
          fit="contain"
          p="sm"
        />
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Title order={2} className={classes.name}>
          {category.name}
        </Title>
        {category.subtitle && (
          <Text size="sm" c="dimmed">
            {category.subtitle}
          </Text>
        )}
      </Stack>
      <Group gap={2} mt="sm" wrap="nowrap" aria-hidden>
        <Text size="sm" fw={600} c="brand.8">
          View products
        </Text>
        <IconChevronRight size={16} color="var(--mantine-color-brand-8)" />
      </Group>
    </Card>
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
