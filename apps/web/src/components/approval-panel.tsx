import { Badge, Group, List, Stack, Text } from "@mantine/core";
import type { OrderApproval } from "@vetportal/contract";
import { formatPst } from "../lib/format.ts";
import { Panel } from "./panel.tsx";

const STATUS = {
  pending: { label: "Waiting for approval", color: "gray" },
  approved: { label: "Approved", color: "brand" },
  rejected: { label: "Rejected", color: "red" },
  expired: { label: "Expired", color: "gray" },
} as const;

const DECISION = { approve: "Approved", reject: "Rejected", expire: "Expired: no decision in time" } as const;

/**
 * An order's approval (issue 23 §2): why it needed one, where it stands, and each decision with its
 * note word for word. The practice's order page and the approver's page both show it.
 */
export function ApprovalPanel({ approval, title = "Approval" }: { approval: OrderApproval; title?: string }) {
  const status = STATUS[approval.status];
  return (
    <Panel title={title}>
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {approval.status === "pending" && approval.tiers > 1 && (
            <Text size="sm" c="dimmed">
              Step {approval.tier} of {approval.tiers}
            </Text>
          )}
        </Group>
        <div>
          <Text size="sm" fw={600}>
            Why it needs approval
          </Text>
          <List size="sm">
            {approval.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </div>
        {approval.decisions.map((d) => (
          <div key={d.tier}>
            <Text size="sm" fw={600}>
              {DECISION[d.decision]}
              {d.decision === "expire" ? "" : ` by ${d.decided_by}`} · {formatPst(d.decided_at)}
            </Text>
            {d.note && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                “{d.note}”
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Panel>
  );
}
