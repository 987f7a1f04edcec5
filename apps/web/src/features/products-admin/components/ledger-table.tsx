import { Anchor, Stack, Table, Title } from "@mantine/core";
import { ADMIN_PAGE_SIZE } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { ListResults } from "../../../components/list-results.tsx";
import { HeadCells } from "../../../components/table-parts.tsx";
import { ToneBadge } from "../../../components/tone-badge.tsx";
import { formatPst } from "../../../lib/format.ts";
import { useLedger } from "../api/list-ledger.ts";

const ACTION_TONES = { replenish: "teal", sale: "blue", cancel: "grape", adjust: "orange", destroy: "red" } as const;

function signed(quantity: number): string {
  return quantity > 0 ? `+${quantity.toLocaleString("en-US")}` : quantity.toLocaleString("en-US");
}

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
        head={
          <HeadCells
            columns={[
              "Date",
              "Action",
              { label: "Quantity", numeric: true },
              { label: "Ending balance", numeric: true },
              { label: "Pallets", numeric: true },
              "Order",
              "Comment",
              "By",
            ]}
          />
        }
        row={(row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatPst(row.date)}</Table.Td>
            <Table.Td>
              <ToneBadge tone={ACTION_TONES[row.action]}>{row.action}</ToneBadge>
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {signed(row.quantity)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {row.ending_inventory.toLocaleString("en-US")}
            </Table.Td>
            <Table.Td ta="right">{row.palettes ?? ""}</Table.Td>
            <Table.Td>
              {row.order_id && (
                <Anchor component={Link} to={`/order/${row.order_id}/2`} size="sm">
                  #{row.order_id}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td>{row.comment}</Table.Td>
            <Table.Td>{row.user_name}</Table.Td>
          </Table.Tr>
        )}
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
