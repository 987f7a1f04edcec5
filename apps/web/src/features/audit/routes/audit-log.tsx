import { NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import {
  AUDIT_KIND_NAMES,
  AUDIT_PAGE_SIZE,
  type AuditFilter,
  type AuditKind,
  type AuditRow,
} from "@vetportal/contract";
import { AuditChanges, AuditPerson } from "../../../components/audit-changes.tsx";
import { DayRangeFields } from "../../../components/day-input.tsx";
import { FilterForm, useFilterValues } from "../../../components/filter-form.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import type { TableColumn } from "../../../components/table/data-table.tsx";
import { ExportButton } from "../../../components/table/export-button.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { addressDay } from "../../../lib/address-day.ts";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { formatPst } from "../../../lib/format.ts";
import { readParams, useListParams } from "../../../lib/list-params.ts";
import { useExportAudit } from "../api/export-audit.ts";
import { auditListOptions, useAuditList } from "../api/list-audit.ts";

/** The filters as they sit in the URL (?person=…&kind=product&from=…), so Back and links keep them. */
type Filters = { person: string; kind: string; record: string; from: string; to: string };
const EMPTY: Filters = { person: "", kind: "", record: "", from: "", to: "" };

const KIND_OPTIONS = [
  { value: "", label: "Any kind" },
  ...Object.entries(AUDIT_KIND_NAMES).map(([value, label]) => ({ value, label })),
];

/** The URL's filters as the API's, anything malformed left out. */
function toFilter(f: Filters): AuditFilter {
  const from = addressDay(f.from);
  const to = addressDay(f.to);
  return {
    person: f.person.trim() || undefined,
    kind: f.kind in AUDIT_KIND_NAMES ? (f.kind as AuditKind) : undefined,
    record: f.record.trim() || undefined,
    date_from: from,
    date_to: from && to && to < from ? undefined : to,
  };
}

function AuditFilterForm({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const { values, setValues, set, field } = useFilterValues(initial);
  return (
    <FilterForm
      label="Filter the audit trail"
      cols={{ base: 1, xs: 2, md: 3, lg: 5 }}
      onSearch={() => onApply(values)}
      onClear={() => {
        setValues(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput label="Person" description="Name or email" maxLength={100} {...field("person")} />
      <NativeSelect label="Kind" description="Of record" data={KIND_OPTIONS} {...field("kind")} />
      <TextInput label="Record" description="Its number or name" maxLength={100} {...field("record")} />
      <DayRangeFields
        labels={["From", "To"]}
        descriptions={["Pacific time", "Both days included"]}
        from={values.from}
        to={values.to}
        onChange={set}
      />
    </FilterForm>
  );
}

const COLUMNS: TableColumn<AuditRow>[] = [
  { key: "when", label: "When", role: "title", cell: (row) => formatPst(row.created) },
  { key: "person", label: "Person", wrap: true, cell: (row) => <AuditPerson row={row} /> },
  { key: "kind", label: "Kind", cell: (row) => row.kind_name },
  {
    key: "record",
    label: "Record",
    wrap: true,
    cell: (row) => (
      <>
        <Text size="sm" fw={500}>
          {row.record_label}
        </Text>
        <Text size="xs" c="dimmed">
          #{row.record_id}
        </Text>
      </>
    ),
  },
  { key: "action", label: "Action", cell: (row) => row.action },
  { key: "change", label: "Change", wrap: true, cell: (row) => <AuditChanges row={row} /> },
];

/** A fresh visit's first page, unfiltered, is in its first paint (lib/first-data-loader.ts). */
export function auditLogLoader({ request }: { request: Request }) {
  // The boot script sends the unfiltered first page only (`search: false` in vite.config.ts).
  if (new URL(request.url).search) return null;
  return loadFirstData([auditListOptions({ limit: AUDIT_PAGE_SIZE, offset: 0 })]);
}

/**
 * /admin/audit (issue 23 §5): every change an administrator or approver made, newest first, who
 * made it, to which record, and what changed; filters and paging in the URL, and its CSV.
 */
export function AuditLogRoute() {
  const { params, update, paged } = useListParams();
  const { range, paging } = paged(AUDIT_PAGE_SIZE);
  const filters = readParams(params, EMPTY);
  const filter = toFilter(filters);
  const audit = useAuditList({ ...filter, ...range });
  const exportCsv = useExportAudit();
  return (
    <Stack gap="lg">
      <title>Audit Trail · Vet Portal</title>
      <PageHeader
        title="Audit Trail"
        description="Every change an administrator or approver made: who, when, to which record, and what changed."
      >
        <ExportButton loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)} />
      </PageHeader>

      <AuditFilterForm
        key={Object.values(filters).join("\u0000")}
        initial={filters}
        onApply={(next) => update({ ...next, page: 1 })}
      />

      <ListResults
        query={audit}
        noun="changes"
        errorTitle="The audit trail could not be loaded"
        emptyText="No change matches these filters."
        tableLabel="Audit trail"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        minWidth={960}
        framed
        {...paging}
      />
    </Stack>
  );
}
