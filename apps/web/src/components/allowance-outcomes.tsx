import { Alert, List, Text } from "@mantine/core";
import { type AllowanceOutcome, balanceText, outcomeText } from "@vetportal/contract";

/** An orange alert's title in the theme's darkest orange: Mantine's light variant (orange 6) is 2.5:1 on its background. */
export const ACCESSIBLE_ORANGE_TITLE = { title: { color: "var(--mantine-color-orange-9)" } };

/**
 * What this order does to each allowance programme (issue 23 §1): the balance before and after it,
 * and what happens over it (refused, needs approval, allowed) — in the words of the header chip.
 */
export function AllowanceOutcomes({ outcomes }: { outcomes: readonly AllowanceOutcome[] }) {
  if (!outcomes.length) return null;
  const over = outcomes.some((o) => o.over_by > 0);
  const refused = outcomes.some((o) => o.over_by > 0 && o.over_balance === "refuse");
  // Titles in each colour's darkest shade: the light variant's own (shade 6) fails contrast (axe).
  const color = refused ? "red" : over ? "orange" : "brand";
  return (
    <Alert
      color={color}
      styles={{ title: { color: `var(--mantine-color-${color}-9)` } }}
      title="Your allowance"
      data-testid="allowance-outcomes"
      role={over ? "status" : undefined}
    >
      <List spacing={4} size="sm">
        {outcomes.map((o) => (
          <List.Item key={o.programme_id}>
            <Text size="sm">
              {o.name}: before this order {balanceText(o.left_before, o.allotted, o.unit)}; after it{" "}
              {balanceText(o.left_after, o.allotted, o.unit)}.
            </Text>
            {o.over_by > 0 && (
              <Text size="sm" fw={600}>
                {outcomeText(o)}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
