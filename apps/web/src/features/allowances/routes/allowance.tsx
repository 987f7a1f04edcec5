import { Stack, Text } from "@mantine/core";
import {
  type AllowanceBalance,
  type AllowanceLedgerEntry,
  allowanceAmount,
  LEDGER_KIND_LABELS,
  MY_ALLOWANCE_LEDGER_ROWS,
  OVER_BALANCE_LABELS,
} from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { TablePager } from "../../../components/table/table-pager.tsx";
import { formatPst } from "../../../lib/format.ts";
import { useMyAllowance } from "../../../lib/my-allowance.ts";
import { periodBalanceText } from "../components/balance-words.ts";

const balanceColumns: TableColumn<AllowanceBalance>[] = [
  { key: "name", label: "Programme", cell: (b) => b.name, role: "title", rowHeader: true, wrap: true },
  {
    key: "left",
    label: "Balance",
    cell: periodBalanceText,
    wrap: true,
  },
  { key: "used", label: "Used", cell: (b) => allowanceAmount(b.used, b.unit), numeric: true },
  { key: "over", label: "Over the balance", cell: (b) => OVER_BALANCE_LABELS[b.over_balance], wrap: true },
];

function ledgerColumns(balances: AllowanceBalance[]): TableColumn<AllowanceLedgerEntry>[] {
  const unitOf = (e: AllowanceLedgerEntry) => balances.find((b) => b.programme_id === e.programme_id)?.unit ?? "packs";
  const nameOf = (e: AllowanceLedgerEntry) => balances.find((b) => b.programme_id === e.programme_id)?.name ?? "";
  return [
    { key: "when", label: "When", cell: (e) => formatPst(e.created), role: "title" },
    { key: "programme", label: "Programme", cell: nameOf, wrap: true },
    { key: "kind", label: "What", cell: (e) => LEDGER_KIND_LABELS[e.kind] },
    {
      key: "change",
      label: "Change",
      numeric: true,
      cell: (e) => `${e.delta > 0 ? "+" : ""}${allowanceAmount(e.delta, unitOf(e))}`,
    },
    {
      key: "detail",
      label: "Detail",
      wrap: true,
      cell: (e) => (
        <>
          {e.order_id !== null && <Link to={`/order/${e.order_id}`}>Order #{e.order_id}</Link>}
          {e.product_name && ` · ${e.product_name}`}
          {e.reason && (e.order_id !== null ? ` · ${e.reason}` : e.reason)}
        </>
      ),
    },
  ];
}

/** Ledger rows a page: a busy practice's 200 newest changes are eight pages, not one long scroll. */
const LEDGER_PAGE = 25;

/** The ledger, newest first, a page at a time (the rows came whole with the balances). */
function Ledger({ ledger, balances }: { ledger: AllowanceLedgerEntry[]; balances: AllowanceBalance[] }) {
  const [page, setPage] = useState(1);
  if (ledger.length === 0) return <Text>No change yet.</Text>;
  const first = (page - 1) * LEDGER_PAGE;
  const shown = ledger.slice(first, first + LEDGER_PAGE);
  const capped = ledger.length >= MY_ALLOWANCE_LEDGER_ROWS;
  return (
    <Stack gap="sm">
      <DataTable label="Allowance ledger" columns={ledgerColumns(balances)} rows={shown} rowKey={(e) => e.id} />
      {ledger.length > LEDGER_PAGE && (
        <TablePager
          page={page}
          pageSize={LEDGER_PAGE}
          total={ledger.length}
          onPageChange={setPage}
          noun="changes"
          status={
            capped ? `Showing ${first + 1}–${first + shown.length} of the newest ${ledger.length} changes` : undefined
          }
        />
      )}
    </Stack>
  );
}

/** /allowance (issue 23 §1): the practice's programmes this period and its ledger, newest first. */
export function AllowanceRoute() {
  const allowance = useMyAllowance();
  return (
    <Stack gap="lg">
      <title>Allowance · Vet Portal</title>
      <PageHeader
        title="Allowance"
        description="What your practice may order from the sponsor's programmes, and every change."
      />
      {allowance.isPending ? (
        <PageLoading label="Loading your allowance…" blocks={[{ h: 120 }, { h: 240 }]} />
      ) : allowance.isError ? (
        <LoadError title="Your allowance could not be loaded" query={allowance} />
      ) : allowance.data.balances.length === 0 ? (
        <Text>Your practice has no allowance programme.</Text>
      ) : (
        <>
          <Panel title="This period">
            <DataTable
              label="Your programmes"
              columns={balanceColumns}
              rows={allowance.data.balances}
              rowKey={(b) => b.programme_id}
            />
          </Panel>
          <Panel title="Ledger">
            <Ledger ledger={allowance.data.ledger} balances={allowance.data.balances} />
          </Panel>
        </>
      )}
    </Stack>
  );
}
