import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { APPROVAL_NOTE_MAX, ApprovalDecideRequestSchema, type ApprovalRequest } from "@vetportal/contract";
import { useRef } from "react";
import { useParams } from "react-router";
import { ApprovalPanel } from "../../../components/approval-panel.tsx";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { Fact, FactList } from "../../../components/fact-list.tsx";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaErrors } from "../../../lib/form-validation.ts";
import { formatMoney, formatPst } from "../../../lib/format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { approvalQueryOptions, useApproval, useDecide } from "../api/approvals.ts";
import { allowanceText } from "./approvals-queue.tsx";

type Choice = "approve" | "reject";

/**
 * The note and the two decisions; each asks to confirm before it posts (the page never acts by
 * itself). The button pressed is kept in a ref, not in state: the form's submit follows the click
 * at once, before a state change would be rendered, and must check and send the decision pressed.
 */
function DecisionForm({ request }: { request: ApprovalRequest }) {
  const decide = useDecide();
  const pressed = useRef<Choice>("approve");
  const form = useAppForm({
    initialValues: { note: "" },
    validate: (values) =>
      schemaErrors(ApprovalDecideRequestSchema, {
        order_id: request.order_id,
        tier: request.tier,
        decision: pressed.current,
        note: values.note,
      }),
  });
  const submit = (values: { note: string }) => {
    const choice = pressed.current;
    confirmAction({
      message:
        choice === "approve"
          ? `Approve order #${request.order_id}${request.tier < request.tiers ? " for this step" : ""}?`
          : `Reject order #${request.order_id}? It will be cancelled and the practice emailed your note.`,
      confirm: choice === "approve" ? "Approve order" : "Reject order",
      keep: "Keep waiting",
      onConfirm: () =>
        void decide
          .mutateAsync({ order_id: request.order_id, tier: request.tier, decision: choice, note: values.note })
          .then(
            (result) =>
              notifySuccess(
                result.status === "pending"
                  ? `Order #${result.order_id} goes to the next approver.`
                  : `Order #${result.order_id} is ${result.order_status_name}.`,
              ),
            (error: unknown) => notifySaveError(form, error),
          ),
    });
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <GrowingTextarea
          label="Note"
          description="Required to reject: the practice reads it word for word."
          minRows={3}
          maxLength={APPROVAL_NOTE_MAX}
          {...form.getInputProps("note")}
        />
        <Group gap="sm">
          <Button
            type="submit"
            onClick={() => {
              pressed.current = "approve";
            }}
            loading={decide.isPending && decide.variables?.decision === "approve"}
          >
            Approve
          </Button>
          <Button
            type="submit"
            color="red.9"
            variant="outline"
            onClick={() => {
              pressed.current = "reject";
            }}
            loading={decide.isPending && decide.variables?.decision === "reject"}
          >
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A fresh visit's approval is in its first paint (lib/first-data-loader.ts). */
export function approvalDecisionLoader({ params }: { params: { orderId?: string } }) {
  const id = positiveId(params.orderId);
  return loadFirstData(id === undefined ? [] : [approvalQueryOptions(id)]);
}

/**
 * /approvals/{orderId} (issue 23 §2): the page an approver's email links to — the order, why it
 * needs approval, its allowance, and Approve / Reject with a note. Opening it decides nothing.
 */
export function ApprovalDecisionRoute() {
  const id = positiveId(useParams().orderId);
  const approval = useApproval(id);
  if (id === undefined || isNotFound(approval.error)) {
    return (
      <RecordNotFound
        title="Approval not found"
        message="There is no approval of this order for you."
        backTo="/approvals"
        backLabel="Go to Approvals"
      />
    );
  }
  if (approval.isPending) return <PageLoading label="Loading the approval…" blocks={[{ h: 160 }, { h: 200 }]} />;
  if (approval.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Approve order #{id}</Title>
        <LoadError title="The approval could not be loaded" query={approval} />
      </Stack>
    );
  }
  const r = approval.data;
  return (
    <Stack gap="lg">
      <title>{`Approve order #${r.order_id} · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/approvals", label: "Approvals" }]} current={`Order #${r.order_id}`} />
      <Title order={1}>Approve order #{r.order_id}</Title>
      <Panel title="Order">
        <FactList labelWidth={130}>
          <Fact label="Practice">{r.practice}</Fact>
          <Fact label="Ordered by">{r.orderer}</Fact>
          <Fact label="Placed">{formatPst(r.created)}</Fact>
          <Fact label="Total">{formatMoney(r.total_order_amount)}</Fact>
          <Fact label="Status">{r.order_status_name}</Fact>
          <Fact label="Allowance">
            {r.allowance.length ? r.allowance.map(allowanceText).join("; ") : "No programme"}
          </Fact>
        </FactList>
      </Panel>
      <ApprovalPanel approval={r} />
      {r.can_decide ? (
        <Panel title="Your decision">
          <DecisionForm request={r} />
        </Panel>
      ) : (
        <Alert color="gray" variant="light" title="Nothing for you to decide">
          {r.status === "pending"
            ? "This order waits for another approver's step."
            : "This order has been decided; the decision and its note are above."}
        </Alert>
      )}
    </Stack>
  );
}
