import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router";

/** Drill-down breadcrumbs (SPEC §2): back to the summary with the same filter and page. */
export function ReportBreadcrumbs({
  parent,
  parentTo,
  current,
}: {
  parent: string;
  parentTo: string;
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: "wrap" }}>
        <Anchor component={Link} to={parentTo} size="sm">
          {parent}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
