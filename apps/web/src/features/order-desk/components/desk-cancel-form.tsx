import { Button, Group, Stack, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { DeskOrder } from "@vetportal/contract";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { setServerErrors } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCancelDeskOrder } from "../api/cancel-desk-order.ts";
import { CancelLinesTable } from "./cancel-lines-table.tsx";
import { ignore, NoteField, optionalNote } from "./desk-form-parts.tsx";

type CancelValues = { quantities: Record<string, number>; note: string };
type OpenLine = DeskOrder["lines"][number];

/** The packs chosen, as the request's lines (the server names a line by its place in them). */
const chosenLines = (values: CancelValues) =>
  Object.entries(values.quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ order_product_id: Number(id), quantity }));

/** Each open line with how many of its packs to cancel; more than is left reads as what is left. */
function CancelLines({
  form,
  order,
  open,
}: {
  form: UseFormReturnType<CancelValues>;
  order: DeskOrder;
  open: OpenLine[];
}) {
  const lines = chosenLines(form.values);
  const left = (lineId: number) => open.find((l) => l.id === lineId)?.remaining_quantity ?? 0;
  return (
    <CancelLinesTable
      order={order}
      open={open}
      quantities={form.values.quantities}
      onChange={(lineId, quantity) =>
        form.setFieldValue("quantities", { ...form.values.quantities, [lineId]: Math.min(quantity, left(lineId)) })
      }
      error={(lineId) => form.errors[`lines.${lines.findIndex((l) => l.order_product_id === lineId)}.quantity`]}
    />
  );
}

/** Cancel the whole order, or some packs of some lines; both confirmed first. */
export function CancelForm({ order }: { order: DeskOrder }) {
  const cancel = useCancelDeskOrder();
  const open = order.lines.filter((l) => l.remaining_quantity > 0);
  const form = useAppForm<CancelValues>({ initialValues: { quantities: {}, note: "" } });
  const lines = chosenLines(form.values);
  const nameOf = (id: number) => open.find((x) => x.id === id)?.product_name;

  function run(partial: boolean) {
    const message = partial
      ? `Cancel ${lines.map((l) => `${l.quantity} × ${nameOf(l.order_product_id)}`).join(", ")} of order #${order.id}? The packs go back into stock and the practice is emailed.`
      : `Cancel all of order #${order.id}? Everything left goes back into stock, nothing is invoiced and the practice is emailed.`;
    confirmAction({
      message,
      confirm: partial ? "Cancel packs" : "Cancel order",
      keep: partial ? "Keep packs" : "Keep order",
      onConfirm: () =>
        cancel
          .mutateAsync({ order_id: order.id, lines: partial ? lines : undefined, note: optionalNote(form.values.note) })
          .then(
            (result) => {
              form.setValues({ quantities: {}, note: "" });
              notifySuccess(
                result.order_status === order.order_status
                  ? `Packs of order #${order.id} cancelled and restocked.`
                  : `Order #${order.id} has been cancelled.`,
              );
            },
            (error: unknown) => setServerErrors(form, error),
          )
          .then(ignore),
    });
  }

  const hintId = `cancel-hint-${order.id}`;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Cancelled packs go back into stock and the order's amounts are recomputed. When nothing is left, the order
        becomes Cancelled.
      </Text>
      <CancelLines form={form} order={order} open={open} />
      <NoteField label="Reason (optional)" {...form.getInputProps("note")} />
      {!lines.length && (
        <Text size="sm" c="dimmed" id={hintId}>
          To cancel some packs, enter how many of each line above.
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="outline"
          color="red.9"
          onClick={() => run(true)}
          disabled={!lines.length}
          aria-describedby={lines.length ? undefined : hintId}
          loading={cancel.isPending}
        >
          Cancel these packs
        </Button>
        <Button color="red.9" onClick={() => run(false)} loading={cancel.isPending}>
          Cancel the whole order
        </Button>
      </Group>
    </Stack>
  );
}
