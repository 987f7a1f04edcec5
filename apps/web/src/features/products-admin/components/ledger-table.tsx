import { Anchor, Stack, Title } from "@mantine/core";
import { ADMIN_PAGE_SIZE, type LedgerRowSchema } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { TableColumn } from "../../../components/table/data-table.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { ToneBadge } from "../../../components/tone-badge.tsx";
import { formatPst } from "../../../lib/format.ts";
import { useLedger } from "../api/list-ledger.ts";

const ACTION_TONES = { replenish: "teal", sale: "blue", cancel: "grape", adjust: "orange", destroy: "red" } as const;

function signed(quantity: number): string {
  return quantity > 0 ? `+${quantity.toLocaleString("en-US")}` : quantity.toLocaleString("en-US");
}

type LedgerRow = z.infer<typeof LedgerRowSchema>;

const COLUMNS: TableColumn<LedgerRow>[] = [
  { key: "date", label: "Date", role: "title", cell: (row) => formatPst(row.date) },
  {
    key: "action",
    label: "Action",
    cell: (row) => <ToneBadge tone={ACTION_TONES[row.action]}>{row.action}</ToneBadge>,
  },
  { key: "quantity", label: "Quantity", numeric: true, cell: (row) => signed(row.quantity) },
  {
    key: "ending",
    label: "Ending balance",
    numeric: true,
    cell: (row) => row.ending_inventory.toLocaleString("en-US"),
  },
  { key: "pallets", label: "Pallets", numeric: true, cell: (row) => row.palettes ?? "" },
  {
    key: "order",
    label: "Order",
    cell: (row) =>
      row.order_id && (
        <Anchor component={Link} to={`/order/${row.order_id}/2`} size="sm">
          #{row.order_id}
        </Anchor>
      ),
  },
  { key: "comment", label: "Comment", wrap: true, cell: (row) => row.comment },
  { key: "by", label: "By", cell: (row) => row.user_name },
];

/** The product's inventory ledger (SPEC §3 "Inventory detail row"), newest first, 50 a page. */
export function LedgerTable({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useLedger({ product_id: productId, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Inventory history
      </Title>
      <ListResults
        query={ledger}
        noun="movements"
        loadingLabel="Loading inventory history"
        errorTitle="The inventory history could not be loaded"
        emptyText="No stock movements yet."
        columns={COLUMNS}
        rowKey={(row) => row.id}
        tableLabel="Inventory history"
        minWidth={860}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPageChange={setPage}
        pagedOnly
      />
    </Stack>
  );
}
