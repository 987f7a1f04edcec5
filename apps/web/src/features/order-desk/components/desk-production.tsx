import { Button, Checkbox, Group, NativeSelect, Stack, Text } from "@mantine/core";
import {
  type DeskOrder,
  ORDER_STATUS,
  orderStatusName,
  PRODUCTION_STATUSES,
  SendBackLineRequestSchema,
} from "@vetportal/contract";
import { useState } from "react";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { Panel } from "../../../components/panel.tsx";
import { DataTable } from "../../../components/table/data-table.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator, setServerErrors } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useMoveLines, useSendBackLine } from "../api/move-lines.ts";
import { usePrintFile } from "../api/print-file.ts";
import { ignore } from "./desk-form-parts.tsx";

type Line = DeskOrder["lines"][number];

/** Where staff move lines: the production statuses but Pending Proof Approval (Send back puts a line there). */
const TARGETS = PRODUCTION_STATUSES.filter((s) => s !== ORDER_STATUS.PENDING_PROOF_APPROVAL).map((id) => ({
  value: String(id),
  label: orderStatusName(id),
}));

/** Move the chosen lines to a production status: one or many at once. */
function MoveForm({ order, chosen, onMoved }: { order: DeskOrder; chosen: number[]; onMoved: () => void }) {
  const move = useMoveLines();
  const form = useAppForm<{ to: string }>({ initialValues: { to: String(ORDER_STATUS.PRINTING) } });
  const submit = form.onSubmit((values) => {
    move
      .mutateAsync({
        order_id: order.id,
        order_product_ids: chosen,
        production_status_id: Number(values.to),
        note: undefined,
      })
      .then(() => {
        notifySuccess(
          `${chosen.length === 1 ? "The line is" : `${chosen.length} lines are`} now ${orderStatusName(Number(values.to))}.`,
        );
        onMoved();
      }, ignore);
  });
  return (
    <form noValidate onSubmit={submit} aria-label={`Move lines of order #${order.id}`}>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Move the chosen lines to"
          data={TARGETS}
          w={{ base: "100%", xs: 220 }}
          {...form.getInputProps("to")}
        />
        <Button type="submit" loading={move.isPending} disabled={!chosen.length}>
          Move {chosen.length === 1 ? "line" : `${chosen.length || ""} lines`.trim()}
        </Button>
      </Group>
    </form>
  );
}

/** Send a line's proof back: what the practice should change (it is emailed to them). */
function SendBackForm({ order, line, onDone }: { order: DeskOrder; line: Line; onDone: () => void }) {
  const sendBack = useSendBackLine();
  const form = useAppForm<{ note: string }>({
    initialValues: { note: "" },
    validate: schemaValidator(SendBackLineRequestSchema, (values: { note: string }) => ({
      order_id: order.id,
      order_product_id: line.id,
      ...values,
    })),
  });
  const submit = form.onSubmit((values) => {
    sendBack.mutateAsync({ order_id: order.id, order_product_id: line.id, note: values.note }).then(
      () => {
        notifySuccess(`The proof of ${line.product_name} is sent back. The practice has been emailed.`);
        onDone();
      },
      (error: unknown) => setServerErrors(form, error),
    );
  });
  return (
    <form noValidate onSubmit={submit} aria-label={`Send back the proof of ${line.product_name}`}>
      <Stack gap="xs">
        <GrowingTextarea
          label={`Changes requested on ${line.product_name}`}
          withAsterisk
          minRows={2}
          maxLength={1000}
          {...form.getInputProps("note")}
        />
        <Group gap="xs">
          <Button type="submit" color="orange.9" loading={sendBack.isPending}>
            Send back to the practice
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Keep the proof
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The order's personalised lines in production (issue 24 §4): each line's status, chosen one or
 * many to move on, or one sent back to the practice with the changes requested.
 */
export function DeskProduction({ order }: { order: DeskOrder }) {
  const lines = order.lines.filter((l) => l.production_status !== null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [sendingBack, setSendingBack] = useState<number | null>(null);
  const printFile = usePrintFile();
  if (!lines.length) return null;
  const open = lines.filter((l) => l.production_moves.length || l.can_send_back);
  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const backLine = lines.find((l) => l.id === sendingBack);
  return (
    <Panel title="Production">
      <Stack gap="sm">
        <DataTable
          label={`Personalised lines of order #${order.id}`}
          look="lines"
          columns={[
            {
              key: "choose",
              label: "Choose",
              cell: (line) =>
                line.production_moves.length ? (
                  <Checkbox
                    aria-label={`Choose ${line.product_name}`}
                    checked={chosen.includes(line.id)}
                    onChange={(e) => toggle(line.id, e.currentTarget.checked)}
                  />
                ) : null,
            },
            {
              key: "line",
              label: "Line",
              role: "title",
              wrap: true,
              cell: (line) => <Text size="sm">{line.product_name}</Text>,
            },
            {
              key: "status",
              label: "Production",
              cell: (line) => (line.to_ship_quantity ? line.production_status_name : "Shipped"),
            },
            {
              key: "back",
              label: "Proof",
              cell: (line) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Print file of ${line.product_name}`}
                    loading={printFile.isPending && printFile.variables?.includes(line.id)}
                    onClick={() => printFile.mutate([line.id])}
                  >
                    Print file
                  </Button>
                  {line.can_send_back && (
                    <Button size="compact-sm" variant="default" onClick={() => setSendingBack(line.id)}>
                      Send back
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
          rows={lines}
          rowKey={(line) => line.id}
        />
        {chosen.length > 1 && (
          <Group>
            <Button variant="default" loading={printFile.isPending} onClick={() => printFile.mutate(chosen)}>
              Print file of the chosen lines
            </Button>
          </Group>
        )}
        {open.length > 0 && (
          <MoveForm
            order={order}
            chosen={chosen.filter((id) => open.some((l) => l.id === id))}
            onMoved={() => setChosen([])}
          />
        )}
        {backLine && (
          <SendBackForm key={backLine.id} order={order} line={backLine} onDone={() => setSendingBack(null)} />
        )}
      </Stack>
    </Panel>
  );
}
