import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The breadcrumb over a page's heading (SPEC §2): links up the `trail` to where the page belongs, then
 * the page itself, marked current. It wraps on a phone rather than widen the page.
 */
export function PageCrumbs({
  trail,
  current,
}: {
  trail: ReadonlyArray<{ to: string; label: ReactNode }>;
  current: ReactNode;
}) {
  return (
    <Breadcrumbs
      separatorMargin={6}
      style={{ flexWrap: "wrap" }}
      // Each crumb at least 24 px tall (WCAG 2.5.8): wrapped onto lines of their own on a phone, the
      // links' targets would overlap. (Breadcrumbs sets its children's style: a crumb's own is lost.)
      styles={{ breadcrumb: { minHeight: 24, display: "inline-flex", alignItems: "center" } }}
    >
      {trail.map((crumb) => (
        <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
          {crumb.label}
        </Anchor>
      ))}
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}
