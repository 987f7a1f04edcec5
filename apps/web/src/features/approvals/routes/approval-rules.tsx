import { Badge, Button, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ApprovalRule } from "@vetportal/contract";
import { Suspense, useEffect, useState } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { DeleteButton, RowActions } from "../../../components/row-actions.tsx";
import { actionsColumn, DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { lazyOnUse, whenIdle } from "../../../lib/lazy-on-use.tsx";
import {
  approvalRulesOptions,
  approversOptions,
  useApprovalRules,
  useApprovers,
  useDeleteRule,
} from "../api/approval-rules.ts";

// The form, with its approver pickers, loads when it is opened (or once the page is idle), not with
// the list: the pickers' popover code is a third of the page's (decision 034, lever 38).
const ruleForm = lazyOnUse<{ rule?: ApprovalRule; onDone: () => void }>(() =>
  import("../components/rule-form.tsx").then((m) => ({ default: m.RuleForm })),
);

function useColumns(onChange: (rule: ApprovalRule) => void): TableColumn<ApprovalRule>[] {
  const approvers = useApprovers();
  const remove = useDeleteRule();
  const nameOf = (id: number) => approvers.data?.find((a) => a.id === id)?.name ?? `User ${id}`;
  return [
    { key: "name", label: "Rule", role: "title", rowHeader: true, wrap: true, cell: (r) => r.name },
    { key: "summary", label: "Needs approval when", wrap: true, cell: (r) => r.summary },
    { key: "for", label: "For", wrap: true, cell: (r) => r.department_name ?? "Every department" },
    {
      key: "approvers",
      label: "Approvers",
      wrap: true,
      cell: (r) => (
        <Stack gap={2}>
          {r.tiers.map((tier, i) => (
            <Text key={tier.join("-")} size="sm">
              {r.tiers.length > 1 ? `Step ${i + 1}: ` : ""}
              {tier.map(nameOf).join(", ")}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: "active",
      label: "Status",
      cell: (r) => (
        <Badge variant="light" color={r.is_active ? "brand" : "gray"}>
          {r.is_active ? "Active" : "Off"}
        </Badge>
      ),
    },
    actionsColumn((r) => (
      <RowActions>
        <Button size="compact-sm" variant="light" onClick={() => onChange(r)}>
          Change<VisuallyHidden> {r.name}</VisuallyHidden>
        </Button>
        <DeleteButton
          name={r.name}
          message={`Delete the rule "${r.name}"? Orders already waiting keep their approvers.`}
          done={`Rule "${r.name}" deleted.`}
          isPending={remove.isPending && remove.variables === r.id}
          onDelete={() => remove.mutateAsync(r.id)}
        />
      </RowActions>
    )),
  ];
}

/** A fresh visit's rules and approvers are in its first paint (lib/first-data-loader.ts). */
export function approvalRulesLoader() {
  return loadFirstData([approvalRulesOptions(), approversOptions()]);
}

/**
 * /admin/approval-rules (issue 23 §2): the rules that place an order Pending Approval — per
 * customer or per department (a department's rule takes the place of the customer's of the same
 * kind) — and who approves, step by step.
 */
export function ApprovalRulesRoute() {
  const rules = useApprovalRules();
  const [editing, setEditing] = useState<ApprovalRule | "new" | null>(null);
  const columns = useColumns(setEditing);
  useEffect(() => whenIdle(ruleForm.preload), []);
  return (
    <Stack gap="lg">
      <title>Approval rules · Vet Portal</title>
      <PageHeader
        title="Approval rules"
        description="An order that matches a rule is placed Pending Approval until its approvers decide. A department's rule takes the place of the rule of the same kind for every department. Switch a rule off to keep it without using it."
      >
        <Button
          onClick={() => setEditing("new")}
          onPointerEnter={ruleForm.preload}
          onFocus={ruleForm.preload}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Add Rule
        </Button>
      </PageHeader>
      {editing && (
        <Suspense fallback={<PageLoading label="Loading the form…" blocks={[{ h: 320 }]} />}>
          <ruleForm.Component
            key={editing === "new" ? "new" : editing.id}
            rule={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        </Suspense>
      )}
      {rules.isPending ? (
        <PageLoading label="Loading the rules…" blocks={[{ h: 160 }]} />
      ) : rules.isError ? (
        <LoadError title="The rules could not be loaded" query={rules} />
      ) : rules.data.length === 0 ? (
        <Text>No rule yet: every order is placed Active.</Text>
      ) : (
        <DataTable label="Approval rules" columns={columns} rows={rules.data} rowKey={(r) => r.id} minWidth={900} />
      )}
    </Stack>
  );
}
