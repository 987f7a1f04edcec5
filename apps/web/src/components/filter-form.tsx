import { Button, Group, Paper, SimpleGrid, type SimpleGridProps } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from "react";
import { focusFirstInvalid } from "../lib/form-kit.ts";

/**
 * An admin list's filter (SPEC §2): its fields, then Search and Clear. Nothing applies until
 * Search; Clear empties the fields and applies at once. With `cols` the fields sit in a grid whose
 * last cell holds the buttons; without, in one row.
 */
export function FilterForm({
  label,
  cols,
  onSearch,
  onClear,
  children,
}: {
  /** The form's accessible name ("Filter users"). */
  label: string;
  cols?: SimpleGridProps["cols"];
  onSearch: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A field the browser knows is not valid (a day that is not one, DayInput) says so first.
    if (event.currentTarget.checkValidity()) onSearch();
    focusFirstInvalid(event.currentTarget);
  }
  const buttons = (
    <Group align="flex-end" gap="xs">
      <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
        Search
      </Button>
      <Button variant="default" onClick={onClear}>
        Clear
      </Button>
    </Group>
  );
  return (
    <Paper withBorder p="md" radius="md" component="form" noValidate onSubmit={submit} aria-label={label}>
      {cols ? (
        <SimpleGrid cols={cols} spacing="sm">
          {children}
          {buttons}
        </SimpleGrid>
      ) : (
        <Group align="flex-end" gap="sm">
          {children}
          {buttons}
        </Group>
      )}
    </Paper>
  );
}

/**
 * The values of a filter form before they are applied. `field(name)` is the value and change
 * handler of a text input or a native select.
 */
export function useFilterValues<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const field = <K extends keyof Values>(name: K) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      set(name, event.currentTarget.value as Values[K]),
  });
  return { values, setValues, set, field };
}
