import { Anchor, Box, LoadingOverlay, Stack, Table, Text, Title } from "@mantine/core";
import { ADMIN_PAGE_SIZE } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/page-state.tsx";
import { TablePager } from "../../../components/table-pager.tsx";
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
      {ledger.isError ? (
        <LoadError title="The inventory history could not be loaded" query={ledger} />
      ) : (
        <>
          <Box pos="relative" mih={80}>
            <LoadingOverlay
              visible={ledger.isFetching}
              zIndex={5}
              overlayProps={{ blur: 1 }}
              loaderProps={{ "aria-label": "Loading inventory history" }}
            />
            {ledger.data && ledger.data.items.length === 0 && (
              <Text c="dimmed" py="md">
                No stock movements yet.
              </Text>
            )}
            {ledger.data && ledger.data.items.length > 0 && (
              <Table.ScrollContainer pos="relative" minWidth={860} type="native">
                <Table striped verticalSpacing="xs" aria-label="Inventory history">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Date</Table.Th>
                      <Table.Th scope="col">Action</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Quantity
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Ending balance
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Pallets
                      </Table.Th>
                      <Table.Th scope="col">Order</Table.Th>
                      <Table.Th scope="col">Comment</Table.Th>
                      <Table.Th scope="col">By</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {ledger.data.items.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td style={{ whiteSpace: "nowrap" }}>{formatPst(row.date)}</Table.Td>
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
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Box>
          {ledger.data && ledger.data.total > ADMIN_PAGE_SIZE && (
            <TablePager
              noun="movements"
              page={page}
              pageSize={ADMIN_PAGE_SIZE}
              total={ledger.data.total}
              onPageChange={setPage}
            />
          )}
        </>
      )}
    </Stack>
  );
}
