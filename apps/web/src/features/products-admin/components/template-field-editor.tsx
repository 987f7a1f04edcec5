import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconChevronDown } from "@tabler/icons-react";
import {
  type TEMPLATE_FIELD_KINDS,
  TEMPLATE_FIELD_LABELS,
  TEMPLATE_FONTS,
  type TemplateField,
} from "@vetportal/contract";
import { useId, useState } from "react";
import { CountInput } from "../../../components/count-input.tsx";

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

/** A field's place (and for text, its type) in one line, for its folded row. */
function fieldSummary(field: FieldValues): string {
  const place = `${field.x}, ${field.y} mm · ${field.width} × ${field.height} mm`;
  return isText(field.kind) ? `${place} · ${field.font} ${field.size} pt, ${field.align}` : place;
}

/**
 * One named field of the template: a folded row that says where it is (and in what type) and opens
 * to its box in millimetres and, for text, font, sizes, colour and alignment. The inputs are drawn
 * only when opened (a new field opens, and so does one the checks refuse): seven fields' fifty
 * inputs were the editor's whole first render on a phone (decision 034, lever 39).
 */
export function TemplateFieldEditor({
  form,
  index,
  onRemove,
  initiallyOpen = false,
}: {
  form: UseFormReturnType<TemplateValues>;
  index: number;
  onRemove: () => void;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const field = form.values.fields[index] as FieldValues;
  const path = (name: keyof FieldValues) => `fields.${index}.${name}`;
  const label = TEMPLATE_FIELD_LABELS[field.kind];
  const refused = Object.keys(form.errors).some((key) => key.startsWith(`fields.${index}.`));
  const shown = open || refused;
  return (
    <Paper withBorder radius="md">
      <UnstyledButton
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setOpen(!shown)}
        w="100%"
        p={{ base: "sm", sm: "md" }}
        style={{ display: "flex", alignItems: "center", gap: "var(--mantine-spacing-sm)" }}
      >
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{label}</Text>
          <Text size="sm" c={refused ? "red.8" : "dimmed"}>
            {refused ? "A value here needs fixing" : fieldSummary(field)}
          </Text>
        </Stack>
        <IconChevronDown
          size={18}
          aria-hidden
          style={{ flex: "none", transform: shown ? "rotate(180deg)" : undefined }}
        />
      </UnstyledButton>
      {shown && (
        <Fieldset
          id={panelId}
          variant="unstyled"
          legend={<VisuallyHidden>{label}</VisuallyHidden>}
          px={{ base: "sm", sm: "md" }}
          pb={{ base: "sm", sm: "md" }}
        >
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
      )}
    </Paper>
  );
}
