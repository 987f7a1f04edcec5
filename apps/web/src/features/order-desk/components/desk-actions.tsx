import { Button, Checkbox, Group, NativeSelect, Stack, Tabs, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { BackOrderRequestSchema, type DeskOrder, orderStatusName, portalDay } from "@vetportal/contract";
import { DayInput } from "../../../components/day-input.tsx";
import { Panel } from "../../../components/panel.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator, setServerErrors } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useBackOrder } from "../api/back-order.ts";
import { useSetOrderStatus } from "../api/set-order-status.ts";
import { CancelForm } from "./desk-cancel-form.tsx";
import { NoteField, optionalNote } from "./desk-form-parts.tsx";
import { ShipForm } from "./desk-ship-form.tsx";

/** A plain status change, to the statuses the contract's transition table allows, with a note. */
function StatusForm({ order }: { order: DeskOrder }) {
  const setStatus = useSetOrderStatus();
  const form = useAppForm({ initialValues: { order_status_id: String(order.actions.statuses[0] ?? ""), note: "" } });

  const submit = form.onSubmit((values) => {
    const to = Number(values.order_status_id);
    setStatus.mutateAsync({ order_id: order.id, order_status_id: to, note: optionalNote(values.note) }).then(
      () => notifySuccess(`Order #${order.id} is now ${orderStatusName(to)}.`),
      (error: unknown) => setServerErrors(form, error),
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={`Change the status of order #${order.id}`}>
      <Stack gap="sm">
        <NativeSelect
          label="New status"
          data={order.actions.statuses.map((s) => ({ value: String(s), label: orderStatusName(s) }))}
          w={{ base: "100%", xs: 280 }}
          {...form.getInputProps("order_status_id")}
        />
        <NoteField label="Note (optional)" {...form.getInputProps("note")} />
        <Group>
          <Button type="submit" loading={setStatus.isPending} disabled={!form.values.order_status_id}>
            Change status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type BackOrderValues = { chosen: Record<string, string>; note: string };

/** The chosen lines, as the request's lines (the server names a line by its place in them). */
const backOrderLines = (values: BackOrderValues) =>
  Object.entries(values.chosen).map(([id, date]) => ({ order_product_id: Number(id), expected_date: date }));

/** One open line: chosen or not, and the day it is expected. */
function BackOrderLine({ form, line }: { form: UseFormReturnType<BackOrderValues>; line: DeskOrder["lines"][number] }) {
  const { chosen } = form.values;
  const isChosen = chosen[line.id] !== undefined;
  const index = backOrderLines(form.values).findIndex((l) => l.order_product_id === line.id);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Checkbox
        label={`${line.product_name} (${line.remaining_quantity} packs)`}
        checked={isChosen}
        onChange={(e) => {
          const next = { ...chosen };
          if (e.currentTarget.checked) next[line.id] = "";
          else delete next[line.id];
          form.setFieldValue("chosen", next);
        }}
        style={{ flex: "1 1 240px" }}
      />
      <DayInput
        label={`Expected date for ${line.product_name}`}
        disabled={!isChosen}
        min={portalDay()}
        value={chosen[line.id] ?? ""}
        onChange={(day) => form.setFieldValue("chosen", { ...chosen, [line.id]: day })}
        error={form.errors[`lines.${index}.expected_date`]}
        w={{ base: "100%", xs: 200 }}
      />
    </Group>
  );
}

/** Back order: the lines still to ship, each with the day it is expected. */
function BackOrderForm({ order }: { order: DeskOrder }) {
  const backOrder = useBackOrder();
  const open = order.lines.filter((l) => l.remaining_quantity > 0);
  const form = useAppForm<BackOrderValues>({
    initialValues: {
      chosen: Object.fromEntries(
        open.filter((l) => l.backorder_expected_date).map((l) => [l.id, l.backorder_expected_date ?? ""]),
      ),
      note: "",
    },
    validate: schemaValidator(BackOrderRequestSchema, (values: BackOrderValues) => ({
      order_id: order.id,
      lines: backOrderLines(values),
    })),
  });
  const lines = backOrderLines(form.values);
  const isComplete = lines.length > 0 && lines.every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l.expected_date));

  const submit = form.onSubmit((values) => {
    backOrder.mutateAsync({ order_id: order.id, lines: backOrderLines(values), note: optionalNote(values.note) }).then(
      () => notifySuccess(`Order #${order.id} is Back Ordered; the practice sees the expected dates.`),
      (error: unknown) => setServerErrors(form, error),
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={`Back order lines of order #${order.id}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Choose the lines that are waiting for stock and the day each is expected.
        </Text>
        {open.map((line) => (
          <BackOrderLine key={line.id} form={form} line={line} />
        ))}
        <NoteField label="Note (optional)" {...form.getInputProps("note")} />
        <Group>
          <Button type="submit" loading={backOrder.isPending} disabled={!isComplete}>
            Back order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The order as its forms start from: its status and each line ready to ship with its packs left. */
const formsKey = (order: DeskOrder) =>
  [order.order_status, ...order.lines.filter((l) => l.ready_to_ship).map((l) => `${l.id}×${l.to_ship_quantity}`)].join(
    " ",
  );

/** Whether staff may do anything with the order now (DeskActions shows nothing otherwise). */
export const hasDeskActions = ({ actions }: DeskOrder) =>
  actions.can_ship || actions.statuses.length > 0 || actions.can_back_order || actions.can_cancel;

/**
 * What staff may do with the order now, from the contract's transition table (order.actions):
 * ship, change the status, back order, cancel. A shipped or cancelled order offers nothing.
 */
export function DeskActions({ order }: { order: DeskOrder }) {
  const { actions } = order;
  const tabs = [
    actions.can_ship && { value: "ship", label: "Ship", panel: <ShipForm order={order} /> },
    actions.statuses.length > 0 && { value: "status", label: "Status", panel: <StatusForm order={order} /> },
    actions.can_back_order && { value: "backorder", label: "Back order", panel: <BackOrderForm order={order} /> },
    actions.can_cancel && { value: "cancel", label: "Cancel", panel: <CancelForm order={order} /> },
  ].filter((tab) => tab !== false);
  if (!tabs.length) return null;

  return (
    <Panel title="Actions">
      {/*
        Keyed by status and by the lines ready to ship: after a change (a line moved on in
        production too) the forms start again from the order as it now stands.
      */}
      <Tabs key={formsKey(order)} defaultValue={tabs[0]?.value} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Panel>
  );
}
