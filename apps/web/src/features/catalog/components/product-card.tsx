import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import type { ProductListItem } from "@vetportal/contract";
import { Link } from "react-router";
import { ProductImage } from "../../../components/product-image.tsx";
import classes from "./category-tile.module.css";

/**
 * One product of a category or search result, linking to its page. The category it is listed in
 * goes along so the product page shows the same thumbnail (144048's depends on it, SPEC §9).
 */
export function ProductCard({ product, categoryId }: { product: ProductListItem; categoryId?: number }) {
  const to = categoryId === undefined ? `/product/${product.id}` : `/product/${product.id}?category=${categoryId}`;
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm" className={classes.tile}>
      <Card.Section className={classes.media}>
        {/* Decorative: the card's heading names the product. */}
        <ProductImage src={product.image_url} alt="" h={{ base: 140, sm: 200 }} p="sm" />
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Title order={2} className={classes.name}>
          {product.display_name}
        </Title>
        {product.additional_info && (
          <Text size="sm" c="dimmed">
            {product.additional_info}
          </Text>
        )}
        {!product.can_order && (
          <Badge color="gray" variant="light" mt={4}>
            Out of stock
          </Badge>
        )}
      </Stack>
      <Group gap={2} mt="sm" wrap="nowrap" aria-hidden>
        <Text size="sm" fw={600} c="brand.8">
          View product
        </Text>
        <IconChevronRight size={16} color="var(--mantine-color-brand-8)" />
      </Group>
    </Card>
  );
}
