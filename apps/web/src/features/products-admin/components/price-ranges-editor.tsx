import { ActionIcon, Button, Group, Input, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { CountInput, MoneyInput } from "../../../components/form-fields.tsx";

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

/** The product's price breaks: rows of from / to quantity and the price per pack, in dollars. */
export function PriceRangesEditor({ value, onChange, errors }: PriceRangesEditorProps) {
  const set = (index: number, patch: Partial<PriceRangeValues>) =>
    onChange(value.map((range, i) => (i === index ? { ...range, ...patch } : range)));

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
        <Table.ScrollContainer pos="relative" minWidth={300} type="native">
          <Table verticalSpacing={4} horizontalSpacing={6} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Text size="sm" fw={500}>
                    Min quantity
                  </Text>
                </Table.Th>
                <Table.Th scope="col">
                  <Text size="sm" fw={500}>
                    Max quantity
                  </Text>
                </Table.Th>
                <Table.Th scope="col">
                  <Text size="sm" fw={500}>
                    Price per pack
                  </Text>
                </Table.Th>
                <Table.Th scope="col" w={44}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((range, index) => {
                const row = index + 1;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position.
                  <Table.Tr key={index}>
                    <Table.Td valign="top">
                      <CountInput
                        allowNegative
                        clampBehavior="none"
                        allowDecimal
                        aria-label={`Range ${row} min quantity`}
                        min={1}
                        hideControls
                        value={range.min_quantity}
                        onChange={(next) => set(index, { min_quantity: next })}
                        error={errors[`price_ranges.${index}.min_quantity`]}
                      />
                    </Table.Td>
                    <Table.Td valign="top">
                      <CountInput
                        allowNegative
                        clampBehavior="none"
                        allowDecimal
                        aria-label={`Range ${row} max quantity`}
                        placeholder="and up"
                        min={1}
                        hideControls
                        value={range.max_quantity}
                        onChange={(next) => set(index, { max_quantity: next })}
                        error={errors[`price_ranges.${index}.max_quantity`]}
                      />
                    </Table.Td>
                    <Table.Td valign="top">
                      <MoneyInput
                        allowNegative
                        clampBehavior="none"
                        aria-label={`Range ${row} price per pack in dollars`}
                        hideControls
                        thousandSeparator=","
                        value={range.price}
                        onChange={(next) => set(index, { price: next })}
                        error={errors[`price_ranges.${index}.price`]}
                      />
                    </Table.Td>
                    <Table.Td valign="top">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove range ${row}`}
                        disabled={value.length === 1}
                        onClick={() => onChange(value.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
