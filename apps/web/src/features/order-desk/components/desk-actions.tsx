import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPackage, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  CARRIERS,
  type CarrierCode,
  type DeskOrder,
  orderStatusName,
  portalDay,
  ShipOrderRequestSchema,
} from "@vetportal/contract";
import { useState } from "react";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { Panel } from "../../../components/panel.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useBackOrder } from "../api/back-order.ts";
import { useCancelDeskOrder } from "../api/cancel-desk-order.ts";
import { useSetOrderStatus } from "../api/set-order-status.ts";
import { useShipOrder } from "../api/ship-order.ts";
import { CancelLinesTable } from "./cancel-lines-table.tsx";

/** The server's per-field messages of a failed call (the form shows them under the fields). */
const serverFields = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : {});

const NOTE_MAX = 1000;

/**
 * A form unmounts when its change moves the order to another status (the actions are keyed by
 * it), which drops mutate()'s callbacks; mutateAsync's promise still settles. A failure already
 * got the global error toast, and its field messages are read from the mutation.
 */
const ignore = () => undefined;

function NoteField({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <Textarea
      label={label}
      description="Shown in the order's history, which the practice sees too"
      autosize
      minRows={2}
      maxRows={5}
      maxLength={NOTE_MAX}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** Ship: the day it left and one row per package (carrier, tracking number). */
function ShipForm({ order }: { order: DeskOrder }) {
  const ship = useShipOrder();
  const [shippedOn, setShippedOn] = useState(() => portalDay());
  const [packages, setPackages] = useState<{ carrier: CarrierCode; tracking_number: string }[]>([
    { carrier: "UPS", tracking_number: "" },
  ]);
  const [note, setNote] = useState("");
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...serverFields(ship.error), ...clientErrors };

  const setPackage = (index: number, patch: Partial<(typeof packages)[number]>) =>
    setPackages((current) => current.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const body = { order_id: order.id, shipped_on: shippedOn, packages, note: note || undefined };
    const parsed = ShipOrderRequestSchema.safeParse(body);
    if (!parsed.success) {
      setClientErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setClientErrors({});
    ship
      .mutateAsync(parsed.data)
      .then(() => notifySuccess(`Order #${order.id} is shipped. The practice has been emailed the tracking.`), ignore);
  }

  return (
    <Stack component="form" onSubmit={submit} gap="sm" aria-label={`Ship order #${order.id}`}>
      <TextInput
        type="date"
        label="Date shipped"
        required
        max={portalDay()}
        value={shippedOn}
        onChange={(e) => setShippedOn(e.currentTarget.value)}
        error={errors.shipped_on}
        w={{ base: "100%", xs: 220 }}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500} id={`packages-${order.id}`}>
          Packages
        </Text>
        {packages.map((p, index) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by position
            key={index}
            gap="xs"
            align="flex-start"
            wrap="nowrap"
            role="group"
            aria-label={`Package ${index + 1}`}
          >
            <NativeSelect
              label="Carrier"
              data={CARRIERS.map((c) => ({ value: c.code, label: c.name }))}
              value={p.carrier}
              onChange={(e) => setPackage(index, { carrier: e.currentTarget.value as CarrierCode })}
              error={errors[`packages.${index}.carrier`]}
              w={150}
            />
            <TextInput
              label="Tracking number"
              required
              value={p.tracking_number}
              onChange={(e) => setPackage(index, { tracking_number: e.currentTarget.value })}
              error={errors[`packages.${index}.tracking_number`]}
              maxLength={40}
              style={{ flex: 1 }}
              autoComplete="off"
              spellCheck={false}
            />
            {packages.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={26}
                size="lg"
                aria-label={`Remove package ${index + 1}`}
                onClick={() => setPackages((current) => current.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {errors.packages && (
          <Text size="sm" c="red.9">
            {errors.packages}
          </Text>
        )}
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              setPackages((current) => [...current, { carrier: current.at(-1)?.carrier ?? "UPS", tracking_number: "" }])
            }
            disabled={packages.length >= 20}
          >
            Add a package
          </Button>
        </div>
      </Stack>
      <NoteField label="Note (optional)" value={note} onChange={setNote} />
      <Group>
        <Button type="submit" loading={ship.isPending} leftSection={<IconPackage size={16} aria-hidden />}>
          Mark as shipped
        </Button>
      </Group>
    </Stack>
  );
}

/** A plain status change, to the statuses the contract's transition table allows, with a note. */
function StatusForm({ order }: { order: DeskOrder }) {
  const setStatus = useSetOrderStatus();
  const [status, setStatusValue] = useState(String(order.actions.statuses[0] ?? ""));
  const [note, setNote] = useState("");
  const errors = serverFields(setStatus.error);

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const to = Number(status);
    setStatus
      .mutateAsync({ order_id: order.id, order_status_id: to, note: note || undefined })
      .then(() => notifySuccess(`Order #${order.id} is now ${orderStatusName(to)}.`), ignore);
  }

  return (
    <Stack component="form" onSubmit={submit} gap="sm" aria-label={`Change the status of order #${order.id}`}>
      <NativeSelect
        label="New status"
        data={order.actions.statuses.map((s) => ({ value: String(s), label: orderStatusName(s) }))}
        value={status}
        onChange={(e) => setStatusValue(e.currentTarget.value)}
        error={errors.order_status_id}
        w={{ base: "100%", xs: 280 }}
      />
      <NoteField label="Note (optional)" value={note} onChange={setNote} />
      <Group>
        <Button type="submit" loading={setStatus.isPending} disabled={!status}>
          Change status
        </Button>
      </Group>
    </Stack>
  );
}

/** Back order: the lines still to ship, each with the day it is expected. */
function BackOrderForm({ order }: { order: DeskOrder }) {
  const backOrder = useBackOrder();
  const open = order.lines.filter((l) => l.remaining_quantity > 0);
  const [chosen, setChosen] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      open.filter((l) => l.backorder_expected_date).map((l) => [l.id, l.backorder_expected_date ?? ""]),
    ),
  );
  const [note, setNote] = useState("");
  const errors = serverFields(backOrder.error);
  const lines = Object.entries(chosen).map(([id, date]) => ({ order_product_id: Number(id), expected_date: date }));
  const isComplete = lines.length > 0 && lines.every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l.expected_date));

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    backOrder
      .mutateAsync({ order_id: order.id, lines, note: note || undefined })
      .then(() => notifySuccess(`Order #${order.id} is Back Ordered; the practice sees the expected dates.`), ignore);
  }

  return (
    <Stack component="form" onSubmit={submit} gap="sm" aria-label={`Back order lines of order #${order.id}`}>
      <Text size="sm" c="dimmed">
        Choose the lines that are waiting for stock and the day each is expected.
      </Text>
      {open.map((line) => {
        const isChosen = chosen[line.id] !== undefined;
        // The server names a line by its place in the request.
        const index = lines.findIndex((l) => l.order_product_id === line.id);
        return (
          <Group key={line.id} gap="sm" align="flex-end" wrap="wrap">
            <Checkbox
              label={`${line.product_name} (${line.remaining_quantity} packs)`}
              checked={isChosen}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setChosen((current) => {
                  const next = { ...current };
                  if (checked) next[line.id] = "";
                  else delete next[line.id];
                  return next;
                });
              }}
              style={{ flex: "1 1 240px" }}
            />
            <TextInput
              type="date"
              label={`Expected date for ${line.product_name}`}
              disabled={!isChosen}
              min={portalDay()}
              value={chosen[line.id] ?? ""}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setChosen((current) => ({ ...current, [line.id]: value }));
              }}
              error={errors[`lines.${index}.expected_date`]}
              w={{ base: "100%", xs: 200 }}
            />
          </Group>
        );
      })}
      <NoteField label="Note (optional)" value={note} onChange={setNote} />
      <Group>
        <Button type="submit" loading={backOrder.isPending} disabled={!isComplete}>
          Back order
        </Button>
      </Group>
    </Stack>
  );
}

/** Cancel the whole order, or some packs of some lines; both confirmed first. */
function CancelForm({ order }: { order: DeskOrder }) {
  const cancel = useCancelDeskOrder();
  const open = order.lines.filter((l) => l.remaining_quantity > 0);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [note, setNote] = useState("");
  const errors = serverFields(cancel.error);
  const lines = Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([id, quantity]) => ({ order_product_id: Number(id), quantity }));

  function run(partial: boolean) {
    const message = partial
      ? `Cancel ${lines.map((l) => `${l.quantity} × ${open.find((x) => x.id === l.order_product_id)?.product_name}`).join(", ")} of order #${order.id}? The packs go back into stock and the practice is emailed.`
      : `Cancel all of order #${order.id}? Everything left goes back into stock, nothing is invoiced and the practice is emailed.`;
    confirmAction({
      message,
      onConfirm: () =>
        cancel
          .mutateAsync({ order_id: order.id, lines: partial ? lines : undefined, note: note || undefined })
          .then((result) => {
            setQuantities({});
            notifySuccess(
              result.order_status === order.order_status
                ? `Packs of order #${order.id} cancelled and restocked.`
                : `Order #${order.id} has been cancelled.`,
            );
          }, ignore),
    });
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Cancelled packs go back into stock and the order's amounts are recomputed. When nothing is left, the order
        becomes Cancelled.
      </Text>
      <CancelLinesTable
        order={order}
        open={open}
        quantities={quantities}
        onChange={(id, quantity) => setQuantities((current) => ({ ...current, [id]: quantity }))}
        error={(id) => errors[`lines.${lines.findIndex((l) => l.order_product_id === id)}.quantity`]}
      />
      <NoteField label="Reason (optional)" value={note} onChange={setNote} />
      <Group gap="sm">
        <Button
          variant="outline"
          color="red.9"
          onClick={() => run(true)}
          disabled={!lines.length}
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
      {/* Keyed by status: after a change the forms start again from the order as it now stands. */}
      <Tabs key={order.order_status} defaultValue={tabs[0]?.value} keepMounted={false}>
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
