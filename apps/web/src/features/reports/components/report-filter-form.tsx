import {
  Box,
  Button,
  CloseButton,
  Collapse,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconChevronDown, IconFilter, IconRestore, IconSearch } from "@tabler/icons-react";
import {
  ORDER_TYPES,
  PAYMENT_METHODS,
  REPORT_OPTIONAL_COLUMNS,
  type ReportOptionalColumn,
  SEARCH_BY,
  type UserRow,
  VIEW_OPTIONAL_COLUMNS,
} from "@vetportal/contract";
import { type ChangeEvent, type FormEvent, useId, useMemo, useState } from "react";
import { PlainCheckbox, PlainSelect, PlainTextInput } from "../../../components/plain-fields.tsx";
import { PHONE_QUERY } from "../../../lib/phone-query.ts";
import { useReportFilters } from "../api/get-report-filters.ts";
import { useUserSuggestions } from "../api/search-users.ts";
import { defaultFormValues, type ReportFormValues } from "../utils/report-params.ts";
import { showDateRangeError } from "./date-range-error.tsx";
import { ReportDateInput } from "./report-date-input.tsx";
import classes from "./report-filter-form.module.css";

/** SPEC §9 "Collapse animation 300 ms". */
const COLLAPSE_MS = 300;

const ALL_ONLY = [{ value: "0", label: "ALL" }];

const options = (list: readonly { id: number; name: string }[] | undefined) =>
  list?.length ? list.map((item) => ({ value: String(item.id), label: item.name })) : ALL_ONLY;

const DATE_BY_OPTIONS = [
  { value: "created", label: "Created" },
  { value: "shipped", label: "Shipped" },
];

function userLabel(user: UserRow): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  const who = name || user.email || `User ${user.id}`;
  return user.representation && user.representation !== name ? `${user.representation} (${who})` : who;
}

type SetValues = (update: (current: ReportFormValues) => ReportFormValues) => void;

/**
 * User: free text matched by the server, or one user picked from its suggestions: the browser's own
 * list under the field (a datalist; decision 034, lever 29). Text equal to a suggestion is that user.
 */
function UserField({ values, setValues }: { values: ReportFormValues; setValues: SetValues }) {
  const listId = useId();
  const [userQuery] = useDebouncedValue(values.user_id ? "" : values.user_text, 300);
  const suggestions = useUserSuggestions(userQuery);
  const userOptions = useMemo(
    () => (suggestions.data ?? []).map((user) => ({ id: user.id, label: userLabel(user), email: user.email })),
    [suggestions.data],
  );
  const setText = (text: string) =>
    setValues((current) => ({
      ...current,
      user_text: text,
      // A suggestion's text picks its user; any other text is free text again.
      user_id:
        userOptions.find((option) => option.label === text)?.id ?? (text === current.user_text ? current.user_id : 0),
    }));
  return (
    <>
      <TextInput
        label="User"
        placeholder="Name, email or practice"
        description={values.user_id ? "This user only" : "Any user whose name, email or practice matches"}
        inputWrapperOrder={["label", "input", "description"]}
        list={listId}
        autoComplete="off"
        classNames={{ input: classes.userInput }}
        value={values.user_text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
        rightSection={
          values.user_text ? <CloseButton size="sm" aria-label="Clear user" onClick={() => setText("")} /> : null
        }
      />
      <datalist id={listId}>
        {userOptions.map((option) => (
          <option key={option.id} value={option.label} label={option.email ?? undefined} />
        ))}
      </datalist>
    </>
  );
}

/** The optional columns (SPEC §3): those the chosen view cannot show are disabled. */
function OptionalColumns({
  values,
  onToggle,
}: {
  values: ReportFormValues;
  onToggle: (key: ReportOptionalColumn, checked: boolean) => void;
}) {
  const allowedColumns = VIEW_OPTIONAL_COLUMNS[values.search_by];
  return (
    <Fieldset legend="Optional columns" variant="unstyled" mt="md" className={classes.columns}>
      <Group gap="md">
        {REPORT_OPTIONAL_COLUMNS.map((column) => {
          const allowed = allowedColumns.includes(column.key);
          return (
            <PlainCheckbox
              key={column.key}
              label={column.label}
              checked={allowed && values.columns.includes(column.key)}
              disabled={!allowed}
              onChange={(event) => onToggle(column.key, event.currentTarget.checked)}
            />
          );
        })}
      </Group>
      {allowedColumns.length === 0 && (
        <Text size="xs" c="dimmed" mt={6}>
          The {SEARCH_BY.find((view) => view.id === values.search_by)?.name} view has no optional columns.
        </Text>
      )}
    </Fieldset>
  );
}

/** The fields that hold an id, 0 for ALL. */
type IdField = "department_id" | "cost_center_id" | "order_status_id" | "payment_method_id" | "order_type_id";

interface ReportFilterFormProps {
  /** Values the form starts from: the URL's applied filter, or the defaults. */
  initial: ReportFormValues;
  /** A report is on screen: on a phone the filter starts folded, so the figures come first. */
  hasResults: boolean;
  today: string;
  isSearching: boolean;
  onSearch: (values: ReportFormValues) => void;
}

/**
 * The order report's Filter (SPEC §2, §3 "Order report filter"), in a panel that collapses in
 * 300 ms. Nothing is searched until Search; the dates keep the rule of SPEC §5: an end before the
 * start (or a start after the end) opens the 'Errors!' dialog and the field keeps its value.
 */
export function ReportFilterForm({ initial, hasResults, today, isSearching, onSearch }: ReportFilterFormProps) {
  const [opened, setOpened] = useState(() => !(hasResults && window.matchMedia(PHONE_QUERY).matches));
  const [values, setValues] = useState<ReportFormValues>(initial);
  const panelId = useId();
  const filters = useReportFilters();
  const allowedColumns = VIEW_OPTIONAL_COLUMNS[values.search_by];
  const departments = options(filters.data?.departments);
  const costCenters = options(filters.data?.cost_centers);

  const set = <K extends keyof ReportFormValues>(name: K, value: ReportFormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  /** A select of ids where 0 is ALL (a native one: typing its first letters finds an option). */
  const idSelect = (name: IdField) => ({
    value: String(values[name]),
    onChange: (event: ChangeEvent<HTMLSelectElement>) => set(name, Number(event.currentTarget.value)),
  });

  /** A day for one end of the range; a range that ends before it starts is refused (false). */
  function setDate(name: "date_from" | "date_to", day: string): boolean {
    const from = name === "date_from" ? day : values.date_from;
    const to = name === "date_to" ? day : values.date_to;
    if (to < from) {
      showDateRangeError();
      return false;
    }
    set(name, day);
    return true;
  }

  function toggleColumn(key: ReportFormValues["columns"][number], checked: boolean) {
    setValues((current) => ({
      ...current,
      columns: checked ? [...new Set([...current.columns, key])] : current.columns.filter((c) => c !== key),
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Columns the chosen view cannot show are not asked for.
    onSearch({ ...values, columns: values.columns.filter((key) => allowedColumns.includes(key)) });
  }

  return (
    <Paper withBorder radius="md" className={classes.panel}>
      <UnstyledButton
        className={classes.toggle}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((o) => !o)}
      >
        <Group gap="xs" wrap="nowrap">
          <IconFilter size={18} aria-hidden />
          <Text component="span" fw={700}>
            Filter
          </Text>
        </Group>
        <IconChevronDown size={18} aria-hidden className={classes.chevron} data-opened={opened || undefined} />
      </UnstyledButton>
      <Collapse expanded={opened} transitionDuration={COLLAPSE_MS} id={panelId}>
        <Box component="form" noValidate onSubmit={submit} aria-label="Report filter" className={classes.body}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
            <PlainSelect
              label="Search by"
              data={SEARCH_BY.map((view) => ({ value: String(view.id), label: view.name }))}
              value={String(values.search_by)}
              onChange={(event) => {
                const view = SEARCH_BY.find((option) => String(option.id) === event.currentTarget.value);
                if (view) set("search_by", view.id);
              }}
            />
            <PlainSelect
              label="Date by"
              data={DATE_BY_OPTIONS}
              value={values.date_by}
              onChange={(event) => set("date_by", event.currentTarget.value as ReportFormValues["date_by"])}
            />
            <ReportDateInput label="Date from" value={values.date_from} onChange={(day) => setDate("date_from", day)} />
            <ReportDateInput label="Date to" value={values.date_to} onChange={(day) => setDate("date_to", day)} />
            <PlainSelect label="Department" data={departments} {...idSelect("department_id")} />
            <PlainSelect label="Cost center" data={costCenters} {...idSelect("cost_center_id")} />
            <UserField values={values} setValues={setValues} />
            <PlainSelect
              label="Order status"
              data={options(filters.data?.order_statuses)}
              {...idSelect("order_status_id")}
            />
            <PlainSelect label="Payment method" data={options(PAYMENT_METHODS)} {...idSelect("payment_method_id")} />
            <PlainSelect label="Order type" data={options(ORDER_TYPES)} {...idSelect("order_type_id")} />
            <PlainTextInput
              label="PO number"
              value={values.po_number}
              onChange={(event) => set("po_number", event.currentTarget.value)}
              maxLength={100}
            />
            <PlainTextInput
              label="Keyword"
              description="Order #, PO, product, SKU or ship-to name"
              value={values.keyword_search}
              onChange={(event) => set("keyword_search", event.currentTarget.value)}
              maxLength={100}
            />
          </SimpleGrid>
          <OptionalColumns values={values} onToggle={toggleColumn} />
          <Group gap="sm" mt="md">
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={isSearching}>
              Search
            </Button>
            <Button
              variant="default"
              leftSection={<IconRestore size={16} aria-hidden />}
              onClick={() => setValues(defaultFormValues(today))}
            >
              Reset
            </Button>
          </Group>
        </Box>
      </Collapse>
    </Paper>
  );
}
