import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconAlertTriangle, IconCircleCheck, IconRefresh, IconTrash } from "@tabler/icons-react";
import { packs, type QuickOrderLine } from "@vetportal/contract";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMoney } from "../../../lib/format.ts";

/** A refused line as the page keeps it: what was written, editable, and why it was refused. */
export interface RefusedRow {
  /** Stable across re-checks (the line it was first read from). */
  key: string;
  sku: string;
  quantity: string;
  message: string;
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

function refusedColumns(form: UseFormReturnType<RefusedValues>): TableColumn<RefusedRow>[] {
  const index = (row: RefusedRow) => form.values.rows.findIndex((r) => r.key === row.key);
  return [
    {
      key: "why",
      label: "Why",
      role: "title",
      wrap: true,
      cell: (row) => (
        <Text size="sm" c="red.9" id={`refused-${row.key}`}>
          <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
          {row.message}
        </Text>
      ),
    },
    {
      key: "sku",
      label: "SKU",
      cell: (row) => (
        <TextInput
          aria-label={`SKU (line ${row.key})`}
          aria-describedby={`refused-${row.key}`}
          maxLength={100}
          miw={150}
          {...form.getInputProps(`rows.${index(row)}.sku`)}
        />
      ),
    },
    {
      key: "quantity",
      label: "Quantity",
      cell: (row) => (
        <TextInput
          aria-label={`Quantity (line ${row.key})`}
          aria-describedby={`refused-${row.key}`}
          inputMode="numeric"
          maxLength={12}
          w={110}
          {...form.getInputProps(`rows.${index(row)}.quantity`)}
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
          color="red.9"
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
