import { IconChevronRight } from "@tabler/icons-react";
import { Children, type ReactNode, type SyntheticEvent } from "react";
import { Link } from "react-router";
import placeholderUrl from "../../../assets/placeholder.svg";
import { useInBatches } from "../../../lib/in-batches.ts";
import classes from "./category-tile.module.css";

/*
 * The grid renders a card per category or product: plain elements and this module's CSS rather than
 * a dozen Mantine components a card, which were most of the first render's script on a phone
 * (decision 034). The look is Mantine's Card, SimpleGrid, Image, Title and Text as before.
 */

/**
 * The catalogue's grid of cards (categories on the home page, products in a category): 2, 3 or 4 a
 * row, drawn a few cards a frame (useInBatches) and aria-busy until all are.
 */
export function CardGrid({ children }: { children: ReactNode }) {
  const cards = Children.toArray(children);
  const shown = useInBatches(cards.length);
  return (
    <div className={classes.grid} aria-busy={shown < cards.length || undefined}>
      {cards.slice(0, shown)}
    </div>
  );
}

/** The grid while it loads: eight grey cards, a picture and two lines of text each. */
export function CardGridSkeleton() {
  return (
    <div aria-hidden>
      <div className={classes.grid}>
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className={classes.card}>
            <div className={`${classes.media} ${classes.placeholder}`} />
            <div className={classes.placeholder} style={{ height: 18, width: "70%", marginTop: 16 }} />
            <div className={classes.placeholder} style={{ height: 12, width: "70%", marginTop: 12 }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A broken picture falls back to the placeholder (SPEC §8), once. */
function usePlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(placeholderUrl)) image.src = placeholderUrl;
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
    <Link to={to} className={`${classes.card} ${classes.tile}`}>
      <div className={classes.media}>
        <img src={image || placeholderUrl} alt="" className={classes.image} onError={usePlaceholder} />
      </div>
      <div className={classes.body}>
        <h2 className={classes.name}>{name}</h2>
        {detail && <p className={classes.detail}>{detail}</p>}
        {children}
      </div>
      <div className={classes.cta} aria-hidden>
        <span>{cta}</span>
        <IconChevronRight size={16} />
      </div>
    </Link>
  );
}
