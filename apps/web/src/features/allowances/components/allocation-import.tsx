import { Button, FileInput, Group, Stack, Text } from "@mantine/core";
import type { AllocationImportResult } from "@vetportal/contract";
import { useState } from "react";
import { Panel } from "../../../components/panel.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useImportAllocations } from "../api/admin.ts";

const importColumns: TableColumn<AllocationImportResult["rows"][number]>[] = [
  { key: "line", label: "Line", numeric: true, cell: (r) => r.line, role: "title" },
  { key: "user", label: "Practice id", cell: (r) => r.user_id ?? "—" },
  { key: "period", label: "Period", cell: (r) => r.period_start ?? "—" },
  { key: "allotted", label: "Allotted", numeric: true, cell: (r) => r.allotted ?? "—" },
  { key: "error", label: "Problem", wrap: true, cell: (r) => r.error ?? "OK" },
];

/** CSV import: a preview of every row with its problem, then Apply when none is refused. */
export function ImportPanel({ programmeId }: { programmeId: number }) {
  const run = useImportAllocations();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<AllocationImportResult | null>(null);
  const send = (apply: boolean) => {
    if (csv === null) return;
    run
      .mutateAsync({ programme_id: programmeId, csv, apply })
      .then((r) => {
        setResult(r);
        if (r.applied) notifySuccess(`${r.rows.length} allocations imported.`);
      })
      .catch(() => undefined);
  };
  return (
    <Panel title="Import CSV">
      <Stack gap="sm">
        <Text size="sm">
          Columns: user_id, practice, period_start, allotted (the Export CSV file, edited). Nothing is applied while a
          row is refused.
        </Text>
        <FileInput
          label="CSV file"
          accept=".csv,text/csv"
          onChange={(file) => {
            setResult(null);
            if (file) void file.text().then(setCsv);
            else setCsv(null);
          }}
        />
        <Group>
          <Button variant="default" disabled={csv === null} loading={run.isPending} onClick={() => send(false)}>
            Preview
          </Button>
          <Button
            disabled={!result || result.errors > 0 || result.applied}
            loading={run.isPending}
            onClick={() => send(true)}
          >
            Apply
          </Button>
        </Group>
        {run.error && <Text c="red.8">{run.error.message}</Text>}
        {result && (
          <>
            <Text role="status" fw={600}>
              {result.applied
                ? `Applied ${result.rows.length} rows.`
                : result.errors > 0
                  ? `${result.errors} of ${result.rows.length} rows refused; fix the file and preview it again.`
                  : `${result.rows.length} rows ready to apply.`}
            </Text>
            <DataTable label="Import preview" columns={importColumns} rows={result.rows} rowKey={(r) => r.line} />
          </>
        )}
      </Stack>
    </Panel>
  );
}
