import { ActionIcon, Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPackage, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  CARRIERS,
  type CarrierCode,
  type DeskOrder,
  ORDER_STATUS,
  portalDay,
  ShipOrderRequestSchema,
} from "@vetportal/contract";
import { DayInput } from "../../../components/day-input.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator, setServerErrors } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useShipOrder } from "../api/ship-order.ts";
import { NoteField, optionalNote } from "./desk-form-parts.tsx";

type ShipValues = {
  shipped_on: string;
  packages: { carrier: CarrierCode; tracking_number: string }[];
  /** Packs of each ready line this shipment holds, by line id (issue 24 §5). */
  quantities: Record<string, number>;
  note: string;
};

/**
 * The lines and packs chosen, as the request's lines; every pack of every ready line is sent as no
 * lines at all (the server's default, "ship every remaining line").
 */
function chosenLines(order: DeskOrder, quantities: Record<string, number>) {
  const lines = Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([id, quantity]) => ({ order_product_id: Number(id), quantity }));
  const ready = order.lines.filter((l) => l.ready_to_ship);
  const everything = ready.every((l) =>
    lines.some((c) => c.order_product_id === l.id && c.quantity === l.to_ship_quantity),
  );
  return everything ? undefined : lines;
}

/** The packs of each line ready to ship that this shipment holds; lines still in production are named. */
function ShipLines({ order, form }: { order: DeskOrder; form: UseFormReturnType<ShipValues> }) {
  const ready = order.lines.filter((l) => l.ready_to_ship);
  const waiting = order.lines.filter((l) => !l.ready_to_ship && l.to_ship_quantity > 0);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Lines in this shipment
      </Text>
      {ready.map((line) => (
        <NumberInput
          key={line.id}
          label={`Packs of ${line.product_name} (${line.to_ship_quantity} left)`}
          min={0}
          max={line.to_ship_quantity}
          clampBehavior="blur"
          allowDecimal={false}
          allowNegative={false}
          w={{ base: "100%", xs: 320 }}
          {...form.getInputProps(`quantities.${line.id}`)}
        />
      ))}
      {waiting.length > 0 && (
        <Text size="sm" c="dimmed">
          Still in production: {waiting.map((l) => `${l.product_name} (${l.production_status_name})`).join(", ")}
        </Text>
      )}
    </Stack>
  );
}

const CARRIER_OPTIONS = CARRIERS.map((c) => ({ value: c.code, label: c.name }));
const MAX_PACKAGES = 20;

/** One row per package: carrier and tracking number, removable while there are several. */
function PackageRows({ form }: { form: UseFormReturnType<ShipValues> }) {
  const { packages } = form.values;
  return packages.map((_, index) => (
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
        data={CARRIER_OPTIONS}
        w={150}
        {...form.getInputProps(`packages.${index}.carrier`)}
      />
      <TextInput
        label="Tracking number"
        withAsterisk
        maxLength={40}
        style={{ flex: 1 }}
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps(`packages.${index}.tracking_number`)}
      />
      {packages.length > 1 && (
        <ActionIcon
          variant="subtle"
          color="red.9"
          mt={26}
          size="lg"
          aria-label={`Remove package ${index + 1}`}
          onClick={() => form.removeListItem("packages", index)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  ));
}

/** Ship: the day it left and one row per package (carrier, tracking number). */
export function ShipForm({ order }: { order: DeskOrder }) {
  const ship = useShipOrder();
  const form = useAppForm<ShipValues>({
    initialValues: {
      shipped_on: portalDay(),
      packages: [{ carrier: "UPS", tracking_number: "" }],
      quantities: Object.fromEntries(
        order.lines.filter((l) => l.ready_to_ship).map((l) => [String(l.id), l.to_ship_quantity]),
      ),
      note: "",
    },
    validate: schemaValidator(ShipOrderRequestSchema, ({ quantities, ...values }: ShipValues) => ({
      order_id: order.id,
      ...values,
      lines: chosenLines(order, quantities),
    })),
  });
  const { packages } = form.values;

  const submit = form.onSubmit(({ quantities, ...values }) => {
    const lines = chosenLines(order, quantities);
    ship
      .mutateAsync({ order_id: order.id, ...values, ...(lines ? { lines } : {}), note: optionalNote(values.note) })
      .then(
        (after) =>
          notifySuccess(
            after.order_status === ORDER_STATUS.SHIPPED
              ? `Order #${order.id} is shipped. The practice has been emailed the tracking.`
              : `The shipment is recorded (${after.line_progress.summary}). The practice has been emailed the tracking.`,
          ),
        (error: unknown) => setServerErrors(form, error),
      );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={`Ship order #${order.id}`}>
      <Stack gap="sm">
        <DayInput
          label="Date shipped"
          withAsterisk
          max={portalDay()}
          w={{ base: "100%", xs: 220 }}
          {...form.getInputProps("shipped_on")}
          value={form.values.shipped_on}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500} id={`packages-${order.id}`}>
            Packages
          </Text>
          <PackageRows form={form} />
          {form.errors.packages && (
            <Text size="sm" c="red.9">
              {form.errors.packages}
            </Text>
          )}
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                form.insertListItem("packages", { carrier: packages.at(-1)?.carrier ?? "UPS", tracking_number: "" })
              }
              disabled={packages.length >= MAX_PACKAGES}
            >
              Add a package
            </Button>
          </div>
        </Stack>
        <ShipLines order={order} form={form} />
        <NoteField label="Note (optional)" {...form.getInputProps("note")} />
        <Group>
          <Button type="submit" loading={ship.isPending} leftSection={<IconPackage size={16} aria-hidden />}>
            Mark as shipped
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
