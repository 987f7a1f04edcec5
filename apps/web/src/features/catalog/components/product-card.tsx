import { Badge } from "@mantine/core";
import type { ProductListItem } from "@vetportal/contract";
import { LinkCard } from "./card-grid.tsx";

/**
 * One product of a category or search result, linking to its page. The category it is listed in
 * goes along so the product page shows the same thumbnail (144048's depends on it, SPEC §9).
 */
export function ProductCard({ product, categoryId }: { product: ProductListItem; categoryId?: number }) {
  const to = categoryId === undefined ? `/product/${product.id}` : `/product/${product.id}?category=${categoryId}`;
  return (
    <LinkCard
      to={to}
      image={product.image_url}
      name={product.display_name}
      detail={product.additional_info}
      cta="View product"
    >
      {!product.can_order && (
        <Badge color="gray" variant="light" mt={4}>
          Out of stock
        </Badge>
      )}
    </LinkCard>
  );
}
