import {
  Button,
  Group,
  NativeSelect,
  type NativeSelectProps,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  type TextInputProps,
  Title,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { formatPhone, US_STATES } from "@vetportal/contract";
import type { CSSProperties, FormEvent, ReactNode } from "react";
import { Link } from "react-router";

/** A field of a Mantine form: the form and the field's name in its values. */
interface BoundField<Values> {
  form: UseFormReturnType<Values>;
  name: keyof Values & string;
}

/** A text input's props, bound to a form field. */
type BoundTextProps<Values> = BoundField<Values> & Omit<TextInputProps, "form" | "name">;

const STATE_OPTIONS = [
  { value: "", label: "Select a state" },
  ...US_STATES.map((s) => ({ value: s.code, label: s.name })),
];

/**
 * The placeholder keeps its usual grey when the field has an error: an empty field with a red
 * example number reads as if the example were wrong (issue 22 §6).
 */
const PLAIN_PLACEHOLDER = {
  input: { "--input-placeholder-color": "var(--mantine-color-placeholder)" } as CSSProperties,
};

/** A US phone number input: the phone keypad and the ddd-ddd-dddd placeholder (SPEC §5). */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="555-555-5555"
      styles={PLAIN_PLACEHOLDER}
      {...props}
    />
  );
}

/** A phone input bound to a form field; what is typed is masked as ddd-ddd-dddd (the contract's formatPhone). */
export function PhoneField<Values>({ form, name, ...props }: BoundTextProps<Values>) {
  const input = form.getInputProps(name);
  return (
    <PhoneInput {...props} {...input} onChange={(event) => input.onChange(formatPhone(event.currentTarget.value))} />
  );
}

/** An email input bound to a form field. */
export function EmailField<Values>({ form, name, ...props }: BoundTextProps<Values>) {
  return <TextInput type="email" autoComplete="email" {...props} {...form.getInputProps(name)} />;
}

/** The US state select ("Select a state" first) bound to a form field. */
export function StateField<Values>({
  form,
  name,
  ...props
}: BoundField<Values> & Omit<NativeSelectProps, "form" | "name" | "data">) {
  return <NativeSelect autoComplete="address-level1" data={STATE_OPTIONS} {...props} {...form.getInputProps(name)} />;
}

/** A zip code input bound to a form field (the number keypad). */
export function ZipCodeField<Values>({ form, name, ...props }: BoundTextProps<Values>) {
  return <TextInput autoComplete="postal-code" inputMode="numeric" {...props} {...form.getInputProps(name)} />;
}

/** Address, then city, state and zip code side by side: the required street address of a US address form. */
export function StreetAddressFields<Values extends { line1: string; city: string; state: string; zip_code: string }>({
  form,
  secondLine,
}: {
  form: UseFormReturnType<Values>;
  /** An optional second address line under the first, when the form has one. */
  secondLine?: ReactNode;
}) {
  return (
    <>
      <TextInput label="Address" autoComplete="address-line1" withAsterisk {...form.getInputProps("line1")} />
      {secondLine}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps("city")} />
        <StateField form={form} name="state" label="State" withAsterisk />
        <ZipCodeField form={form} name="zip_code" label="Zip Code" withAsterisk />
      </SimpleGrid>
    </>
  );
}

/** A bordered part of a form page, under its own heading when it has a title. */
export function FormSection({ title, gap = "sm", children }: { title?: string; gap?: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md">
      <Stack gap={gap}>
        {title && (
          <Title order={2} size="h4">
            {title}
          </Title>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * An edit page's form: its sections one under another, then Cancel, which goes back (to the list,
 * with its filters), and the submit button.
 */
export function EditForm({
  label,
  onSubmit,
  cancelTo,
  submitLabel,
  isSaving,
  children,
}: {
  /** Accessible name of the form. */
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  cancelTo: string;
  submitLabel: string;
  isSaving: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
