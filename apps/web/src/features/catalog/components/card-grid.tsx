import { Card, SimpleGrid, Skeleton } from "@mantine/core";
import type { ReactNode } from "react";

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
