import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import {
  type TEMPLATE_FIELD_KINDS,
  TEMPLATE_FIELD_LABELS,
  TEMPLATE_FONTS,
  type TemplateField,
} from "@vetportal/contract";
import { CountInput } from "../../../components/form-fields.tsx";

type NumberValue = number | string;
type FieldKind = (typeof TEMPLATE_FIELD_KINDS)[number];

/** A field as the editor holds it: numbers as typed, checked by the contract on the way out. */
export type FieldValues = Omit<TemplateField, "x" | "y" | "width" | "height" | "size" | "min_size"> & {
  x: NumberValue;
  y: NumberValue;
  width: NumberValue;
  height: NumberValue;
  size: NumberValue;
  min_size: NumberValue;
};

export type TemplateValues = {
  bleed_mm: NumberValue;
  fields: FieldValues[];
  /** Whose brand the preview shows: a practice's id, or "" for the sample brand. */
  user_id: string;
};

/** Text fields print in a font and colour; the QR code and the logo box only take a place. */
const isText = (kind: FieldKind) => kind !== "qr" && kind !== "logo";

/** A new field's starting place: under the others, a box the kind fits. */
export function newField(kind: FieldKind, index: number): FieldValues {
  const square = kind === "qr" ? 25 : undefined;
  return {
    kind,
    x: 10,
    y: 10 + index * 14,
    width: square ?? (kind === "logo" ? 40 : 80),
    height: square ?? (kind === "logo" ? 20 : kind === "address" || kind === "hours" ? 18 : 10),
    font: kind === "practice_name" ? "Helvetica-Bold" : "Helvetica",
    size: kind === "practice_name" ? 16 : 10,
    min_size: 6,
    color: "#1a1a1a",
    align: "left",
  };
}

const ALIGN_OPTIONS = [
  { value: "left", label: "Left" },
  { value: "center", label: "Centre" },
  { value: "right", label: "Right" },
];

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as #rrggbb: typed, or picked with the browser's own picker behind the swatch at its start
 * (lighter than Mantine's ColorInput, whose popover and picker cost the editor's first render).
 */
function ColourInput({
  label,
  ...input
}: ReturnType<UseFormReturnType<TemplateValues>["getInputProps"]> & { label: string }) {
  const value = String(input.value ?? "");
  return (
    <TextInput
      label={label}
      {...input}
      value={value}
      maxLength={7}
      spellCheck={false}
      autoComplete="off"
      leftSectionPointerEvents="all"
      leftSection={
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()}`}
          value={HEX_COLOUR.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => input.onChange(event.currentTarget.value)}
          style={{ width: 22, height: 22, padding: 0, border: 0, background: "none", cursor: "pointer" }}
        />
      }
    />
  );
}

/** One named field of the template: its box in millimetres and, for text, font, sizes, colour and alignment. */
export function TemplateFieldEditor({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturnType<TemplateValues>;
  index: number;
  onRemove: () => void;
}) {
  const field = form.values.fields[index] as FieldValues;
  const path = (name: keyof FieldValues) => `fields.${index}.${name}`;
  const label = TEMPLATE_FIELD_LABELS[field.kind];
  return (
    <Fieldset legend={label} radius="md" p={{ base: "sm", sm: "md" }}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <CountInput label="X (mm)" {...form.getInputProps(path("x"))} />
        <CountInput label="Y (mm)" {...form.getInputProps(path("y"))} />
        <CountInput label="Width (mm)" {...form.getInputProps(path("width"))} />
        <CountInput label="Height (mm)" {...form.getInputProps(path("height"))} />
      </SimpleGrid>
      {isText(field.kind) && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="sm">
            <NativeSelect label="Font" data={[...TEMPLATE_FONTS]} {...form.getInputProps(path("font"))} />
            <CountInput label="Size (pt)" {...form.getInputProps(path("size"))} />
            <CountInput label="Minimum size (pt)" {...form.getInputProps(path("min_size"))} />
            <ColourInput label="Colour" {...form.getInputProps(path("color"))} />
            <NativeSelect label="Alignment" data={ALIGN_OPTIONS} {...form.getInputProps(path("align"))} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={6}>
            Text too long for its box shrinks down to the minimum size; longer still, the proof is refused.
          </Text>
        </>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="outline" color="red.9" size="compact-sm" onClick={onRemove}>
          Remove {label}
        </Button>
      </Group>
    </Fieldset>
  );
}
