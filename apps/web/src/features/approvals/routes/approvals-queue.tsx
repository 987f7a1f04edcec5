import { Anchor, Button, List, Stack, Text } from "@mantine/core";
import type { ApprovalAllowance, ApprovalRequest } from "@vetportal/contract";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { actionsColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { formatMoney, formatPst } from "../../../lib/format.ts";
import { useListParams } from "../../../lib/list-params.ts";
import { approvalQueueOptions, useApprovalQueue } from "../api/approvals.ts";

const PAGE_SIZE = 25;

/** "Client education: 14 of 40 packs left, 6 over" — the allowance used and left at placement. */
export function allowanceText(a: ApprovalAllowance) {
  const over = a.over_by > 0 ? `, ${a.over_by} over` : "";
  return `${a.name}: ${Math.max(0, a.left_after)} of ${a.allotted} ${a.unit} left${over}`;
}

const columns: TableColumn<ApprovalRequest>[] = [
  {
    key: "order",
    label: "Order",
    role: "title",
    rowHeader: true,
    cell: (r) => (
      <Anchor component={Link} to={`/approvals/${r.order_id}`}>
        Order #{r.order_id}
      </Anchor>
    ),
  },
  { key: "practice", label: "Practice", wrap: true, cell: (r) => r.practice },
  { key: "placed", label: "Placed", cell: (r) => formatPst(r.created) },
  { key: "total", label: "Total", numeric: true, cell: (r) => formatMoney(r.total_order_amount) },
  {
    key: "why",
    label: "Why it needs approval",
    wrap: true,
    cell: (r) => (
      <List size="sm">
        {r.reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    ),
  },
  {
    key: "allowance",
    label: "Allowance used and left",
    wrap: true,
    cell: (r) =>
      r.allowance.length ? (
        <Stack gap={2}>
          {r.allowance.map((a) => (
            <Text key={a.programme_id} size="sm">
              {allowanceText(a)}
            </Text>
          ))}
        </Stack>
      ) : (
        "No programme"
      ),
  },
  {
    key: "step",
    label: "Step",
    cell: (r) => (r.tiers > 1 ? `${r.tier} of ${r.tiers}` : "Only step"),
  },
  actionsColumn((r) => (
    <Button component={Link} to={`/approvals/${r.order_id}`} size="xs" variant="light">
      Approve or reject #{r.order_id}
    </Button>
  )),
];

/** A fresh visit's first page of the queue is in its first paint (lib/first-data-loader.ts). */
export function approvalsQueueLoader({ request }: { request: Request }) {
  // The boot script sends the first page only (`search: false` in vite.config.ts).
  if (new URL(request.url).search) return null;
  return loadFirstData([approvalQueueOptions({ limit: PAGE_SIZE, offset: 0 })]);
}

/**
 * /approvals (issue 23 §2): the orders waiting for the signed-in approver's decision (an
 * administrator's: every one), oldest first, with why each needs approval and its allowance.
 */
export function ApprovalsQueueRoute() {
  const { range, paging } = useListParams().paged(PAGE_SIZE);
  const queue = useApprovalQueue(range);
  return (
    <Stack gap="lg">
      <title>Approvals · Vet Portal</title>
      <PageHeader
        title="Approvals"
        description="Orders waiting for your decision, oldest first. Open one to approve or reject it with a note."
      />
      <ListResults
        query={queue}
        noun="orders waiting for approval"
        errorTitle="The approvals could not be loaded"
        emptyText="No order is waiting for your approval."
        tableLabel="Orders waiting for approval"
        columns={columns}
        rowKey={(r) => r.id}
        minWidth={960}
        framed
        {...paging}
        pagedOnly
      />
    </Stack>
  );
}
