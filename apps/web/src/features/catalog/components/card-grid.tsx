import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProductImage } from "../../../components/product-image.tsx";
import classes from "./category-tile.module.css";

/** The catalogue's grid of cards (categories on the home page, products in a category): 2, 3 or 4 a row. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: "sm", sm: "lg" }}>
      {children}
    </SimpleGrid>
  );
}

/** The grid while it loads: eight grey cards, a picture and two lines of text each. */
export function CardGridSkeleton() {
  return (
    <div aria-hidden>
      <CardGrid>
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={index} withBorder radius="md" padding="sm">
            <Card.Section>
              <Skeleton h={{ base: 140, sm: 200 }} radius={0} />
            </Card.Section>
            <Skeleton h={18} w="70%" mt="md" />
            <Skeleton h={12} w="70%" mt="sm" />
          </Card>
        ))}
      </CardGrid>
    </div>
  );
}

/**
 * A card of the grid, one link to `to`: its picture (decorative: the heading names it; a broken
 * image falls back to the placeholder), the name as a heading, a line of detail, and `cta` with an
 * arrow. `children` go under the detail (a badge).
 */
export function LinkCard({
  to,
  image,
  name,
  detail,
  cta,
  children,
}: {
  to: string;
  image: string | null;
  name: string;
  detail: string | null;
  cta: string;
  children?: ReactNode;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm" className={classes.tile}>
      <Card.Section className={classes.media}>
        <ProductImage src={image} alt="" h={{ base: 140, sm: 200 }} p="sm" />
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Title order={2} className={classes.name}>
          {name}
        </Title>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        {children}
      </Stack>
      <Group gap={2} mt="sm" wrap="nowrap" aria-hidden>
        <Text size="sm" fw={600} c="brand.8">
          {cta}
        </Text>
        <IconChevronRight size={16} color="var(--mantine-color-brand-8)" />
      </Group>
    </Card>
  );
}
