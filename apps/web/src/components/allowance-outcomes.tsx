import { Alert, List, Text } from "@mantine/core";
import { type AllowanceOutcome, balanceText, outcomeText } from "@vetportal/contract";

/**
 * What this order does to each allowance programme (issue 23 §1): the balance before and after it,
 * and what happens over it (refused, needs approval, allowed) — in the words of the header chip.
 */
export function AllowanceOutcomes({ outcomes }: { outcomes: readonly AllowanceOutcome[] }) {
  if (!outcomes.length) return null;
  const over = outcomes.some((o) => o.over_by > 0);
  const refused = outcomes.some((o) => o.over_by > 0 && o.over_balance === "refuse");
  return (
    <Alert
      color={refused ? "red" : over ? "orange" : "brand"}
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
