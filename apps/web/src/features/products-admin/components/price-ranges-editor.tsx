import { ActionIcon, Button, Group, Input, Stack } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { CountInput } from "../../../components/count-input.tsx";
import { MoneyInput } from "../../../components/money-input.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";

/** One price range as edited: quantities in packs, the price per pack in dollars. */
export type PriceRangeValues = {
  min_quantity: number | string;
  max_quantity: number | string;
  price: number | string;
};

interface PriceRangesEditorProps {
  value: PriceRangeValues[];
  onChange: (ranges: PriceRangeValues[]) => void;
  /** Field errors by path, as the form keeps them (price_ranges.0.price …). */
  errors: Record<string, ReactNode>;
}

type Row = { range: PriceRangeValues; index: number };

/** The editor's columns: from / to quantity, the price per pack, and the row's remove button. */
function columns({ value, onChange, errors }: PriceRangesEditorProps): TableColumn<Row>[] {
  const set = (index: number, patch: Partial<PriceRangeValues>) =>
    onChange(value.map((range, i) => (i === index ? { ...range, ...patch } : range)));
  const error = (index: number, field: keyof PriceRangeValues) => errors[`price_ranges.${index}.${field}`];
  return [
    {
      key: "min",
      label: "Min quantity",
      cell: ({ range, index }) => (
        <CountInput
          allowNegative
          clampBehavior="none"
          allowDecimal
          aria-label={`Range ${index + 1} min quantity`}
          min={1}
          value={range.min_quantity}
          onChange={(next) => set(index, { min_quantity: next })}
          error={error(index, "min_quantity")}
        />
      ),
    },
    {
      key: "max",
      label: "Max quantity",
      cell: ({ range, index }) => (
        <CountInput
          allowNegative
          clampBehavior="none"
          allowDecimal
          aria-label={`Range ${index + 1} max quantity`}
          placeholder="and up"
          min={1}
          value={range.max_quantity}
          onChange={(next) => set(index, { max_quantity: next })}
          error={error(index, "max_quantity")}
        />
      ),
    },
    {
      key: "price",
      label: "Price per pack",
      cell: ({ range, index }) => (
        <MoneyInput
          allowNegative
          clampBehavior="none"
          aria-label={`Range ${index + 1} price per pack in dollars`}
          hideControls
          thousandSeparator=","
          value={range.price}
          onChange={(next) => set(index, { price: next })}
          error={error(index, "price")}
        />
      ),
    },
    {
      key: "remove",
      label: "Remove",
      role: "actions",
      cell: ({ index }) => (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Remove range ${index + 1}`}
          disabled={value.length === 1}
          onClick={() => onChange(value.filter((_, i) => i !== index))}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];
}

/** The product's price breaks: rows of from / to quantity and the price per pack, in dollars. */
export function PriceRangesEditor(props: PriceRangesEditorProps) {
  const { value, onChange, errors } = props;
  function addRange() {
    const last = value.at(-1);
    const from = last && typeof last.max_quantity === "number" ? last.max_quantity + 1 : "";
    onChange([...value, { min_quantity: from, max_quantity: "", price: last?.price ?? "" }]);
  }

  return (
    <Input.Wrapper
      label="Price ranges"
      description="Price per pack by quantity ordered. Leave the last range's maximum empty for 'and up'."
      error={errors.price_ranges}
      withAsterisk
      labelElement="div"
    >
      <Stack gap="xs" mt={6}>
        <DataTable
          label="Price ranges"
          look="lines"
          columns={columns(props)}
          rows={value.map((range, index) => ({ range, index }))}
          rowKey={(row) => row.index}
          tableProps={{ verticalSpacing: 4, horizontalSpacing: 6, withRowBorders: false }}
        />
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={addRange}
            disabled={value.length >= 20}
          >
            Add price range
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
