import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPackage, IconPlus, IconTrash } from "@tabler/icons-react";
import { CARRIERS, type CarrierCode, type DeskOrder, portalDay, ShipOrderRequestSchema } from "@vetportal/contract";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator, setServerErrors } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useShipOrder } from "../api/ship-order.ts";
import { NoteField, optionalNote } from "./desk-form-parts.tsx";

type ShipValues = {
  shipped_on: string;
  packages: { carrier: CarrierCode; tracking_number: string }[];
  note: string;
};

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
    initialValues: { shipped_on: portalDay(), packages: [{ carrier: "UPS", tracking_number: "" }], note: "" },
    validate: schemaValidator(ShipOrderRequestSchema, (values: ShipValues) => ({ order_id: order.id, ...values })),
  });
  const { packages } = form.values;

  const submit = form.onSubmit((values) => {
    ship.mutateAsync({ order_id: order.id, ...values, note: optionalNote(values.note) }).then(
      () => notifySuccess(`Order #${order.id} is shipped. The practice has been emailed the tracking.`),
      (error: unknown) => setServerErrors(form, error),
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={`Ship order #${order.id}`}>
      <Stack gap="sm">
        <TextInput
          type="date"
          label="Date shipped"
          withAsterisk
          max={portalDay()}
          w={{ base: "100%", xs: 220 }}
          {...form.getInputProps("shipped_on")}
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
