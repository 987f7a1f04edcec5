import type { AuditRow } from "@vetportal/contract";
import { useState } from "react";
import { formatPst } from "../lib/format.ts";
import { type HistoryKind, useRecordHistory } from "../lib/record-history.ts";
import { AuditChanges, AuditPerson } from "./audit-changes.tsx";
import { Panel } from "./panel.tsx";
import type { TableColumn } from "./table/data-table.tsx";
import { ListResults } from "./table/list-results.tsx";

const PAGE_SIZE = 10;

const COLUMNS: TableColumn<AuditRow>[] = [
  { key: "when", label: "When", role: "title", cell: (row) => formatPst(row.created) },
  { key: "person", label: "Person", wrap: true, cell: (row) => <AuditPerson row={row} /> },
  { key: "action", label: "Action", cell: (row) => `${row.kind_name} ${row.action}` },
  { key: "change", label: "Change", wrap: true, cell: (row) => <AuditChanges row={row} /> },
];

/**
 * A record's own audit trail (issue 23 §5) on its admin page: who changed what and when, newest
 * first, ten at a time.
 */
export function RecordHistory({ kind, recordId }: { kind: HistoryKind; recordId: number }) {
  const [page, setPage] = useState(1);
  const history = useRecordHistory(kind, recordId, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  return (
    <Panel title="Audit trail">
      <ListResults
        query={history}
        noun="changes"
        errorTitle="The history could not be loaded"
        emptyText="No change has been recorded yet."
        tableLabel="Changes recorded"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        minWidth={640}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </Panel>
  );
}
