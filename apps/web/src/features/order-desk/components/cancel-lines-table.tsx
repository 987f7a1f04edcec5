import { NumberInput, Text } from "@mantine/core";
import type { DeskOrder } from "@vetportal/contract";
import type { ReactNode } from "react";
import { DataTable } from "../../../components/table/data-table.tsx";

type Line = DeskOrder["lines"][number];

/** The cancel form's open lines, each with its packs left and the packs to cancel. */
export function CancelLinesTable({
  order,
  open,
  quantities,
  onChange,
  error,
}: {
  order: DeskOrder;
  open: Line[];
  quantities: Record<number, number>;
  onChange: (lineId: number, quantity: number) => void;
  error: (lineId: number) => ReactNode;
}) {
  return (
    <DataTable
      label={`Lines of order #${order.id} to cancel`}
      look="lines"
      columns={[
        {
          key: "line",
          label: "Line",
          role: "title",
          wrap: true,
          cell: (line) => <Text size="sm">{line.product_name}</Text>,
        },
        { key: "left", label: "Left", numeric: true, cell: (line) => line.remaining_quantity },
        {
          key: "cancel",
          label: "Packs to cancel",
          cell: (line) => (
            <NumberInput
              aria-label={`Packs of ${line.product_name} to cancel`}
              min={0}
              max={line.remaining_quantity}
              clampBehavior="blur"
              allowDecimal={false}
              allowNegative={false}
              value={quantities[line.id] ?? 0}
              onChange={(v) => onChange(line.id, Number(v) || 0)}
              error={error(line.id)}
              w={110}
              size="xs"
              display="inline-block"
            />
          ),
        },
      ]}
      rows={open}
      rowKey={(line) => line.id}
      tableProps={{ verticalSpacing: 6, withRowBorders: false }}
    />
  );
}
