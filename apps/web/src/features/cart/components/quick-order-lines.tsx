import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconCircleCheck, IconRefresh, IconTrash } from "@tabler/icons-react";
import { packs, type QuickOrderLine, type QuickOrderReason } from "@vetportal/contract";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMoney } from "../../../lib/format.ts";

/** A refused line as the page keeps it: what was written, editable, and why it was refused. */
export interface RefusedRow {
  /** Stable across re-checks (the line it was first read from). */
  key: string;
  sku: string;
  quantity: string;
  message: string;
  reason: QuickOrderReason | null;
}
export type RefusedValues = { rows: RefusedRow[] };

const ADDED_COLUMNS: TableColumn<QuickOrderLine>[] = [
  {
    key: "product",
    label: "Product",
    role: "title",
    wrap: true,
    cell: (line) => line.product?.display_name ?? line.sku,
  },
  { key: "sku", label: "SKU", cell: (line) => line.sku },
  { key: "quantity", label: "Added", numeric: true, cell: (line) => packs(line.quantity ?? 0) },
  {
    key: "price",
    label: "Price per pack",
    numeric: true,
    cell: (line) => (line.product ? formatMoney(line.product.unit_price_cents) : "—"),
  },
  {
    key: "total",
    label: "Line total",
    numeric: true,
    cell: (line) => (line.product ? formatMoney(line.product.line_total_cents) : "—"),
  },
  {
    key: "result",
    label: "Result",
    wrap: true,
    cell: (line) => (
      <Text size="sm" c="teal.9">
        <IconCircleCheck size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
        {line.message}
      </Text>
    ),
  },
];

/** The lines that went into the cart, with the price of each at its quantity. */
export function AddedLines({ lines }: { lines: QuickOrderLine[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Added to your cart
      </Title>
      <DataTable
        label="Lines added to your cart"
        columns={ADDED_COLUMNS}
        rows={lines}
        rowKey={(line) => lines.indexOf(line)}
        minWidth={720}
        look="lines"
        framed
      />
    </Stack>
  );
}

/** Reasons about the SKU; every other reason is said under the quantity (change it, or remove the line). */
const SKU_REASONS: readonly (QuickOrderReason | null)[] = ["missing_sku", "unknown_sku", "ambiguous_sku"];

function refusedColumns(form: UseFormReturnType<RefusedValues>): TableColumn<RefusedRow>[] {
  const index = (row: RefusedRow) => form.values.rows.findIndex((r) => r.key === row.key);
  const onSku = (row: RefusedRow) => SKU_REASONS.includes(row.reason);
  return [
    { key: "line", label: "Line", role: "title", cell: (row) => `Line ${row.key}` },
    {
      key: "sku",
      label: "SKU",
      wrap: true,
      cell: (row) => (
        <TextInput
          aria-label={`SKU (line ${row.key})`}
          maxLength={100}
          miw={150}
          {...form.getInputProps(`rows.${index(row)}.sku`)}
          error={onSku(row) ? row.message : undefined}
        />
      ),
    },
    {
      key: "quantity",
      label: "Quantity",
      wrap: true,
      cell: (row) => (
        <TextInput
          aria-label={`Quantity (line ${row.key})`}
          inputMode="numeric"
          maxLength={12}
          miw={110}
          {...form.getInputProps(`rows.${index(row)}.quantity`)}
          error={onSku(row) ? undefined : row.message}
        />
      ),
    },
    {
      key: "actions",
      label: "Actions",
      role: "actions",
      cell: (row) => (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={`Remove line ${row.key}`}
          onClick={() => form.removeListItem("rows", index(row))}
        >
          Remove
        </Button>
      ),
    },
  ];
}

/** The refused lines, each fixable in place, and the button that checks them again. */
export function RefusedLines({
  form,
  onRecheck,
  pending,
}: {
  form: UseFormReturnType<RefusedValues>;
  onRecheck: (values: RefusedValues) => void;
  pending: boolean;
}) {
  const count = form.values.rows.length;
  return (
    <form noValidate onSubmit={form.onSubmit(onRecheck)}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {count === 1 ? "1 line needs a change" : `${count} lines need a change`}
        </Title>
        <Text size="sm" c="dimmed">
          Change the SKU or the quantity, then check these lines again. Nothing below is in your cart.
        </Text>
        <DataTable
          label="Lines not added"
          columns={refusedColumns(form)}
          rows={form.values.rows}
          rowKey={(row) => row.key}
          minWidth={720}
          look="lines"
          framed
        />
        <Group>
          <Button type="submit" leftSection={<IconRefresh size={16} aria-hidden />} loading={pending}>
            Check again
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
