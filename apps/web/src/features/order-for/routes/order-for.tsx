import { Button, Stack, Text, TextInput } from "@mantine/core";
import { IconPhoneCall } from "@tabler/icons-react";
import { USER_LEVEL, type UserRow } from "@vetportal/contract";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { FilterForm, useFilterValues } from "../../../components/filter-form.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { actionsColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { useListParams } from "../../../lib/list-params.ts";
import { notifyError } from "../../../lib/notify.ts";
import { startActing } from "../api/acting-session.ts";
import { PRACTICE_MATCHES, usePracticeSearch } from "../api/find-practices.ts";

const practiceName = (row: UserRow) =>
  row.representation || [row.first_name, row.last_name].filter(Boolean).join(" ") || row.email || `#${row.id}`;

function OrderForButton({ row }: { row: UserRow }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = practiceName(row);
  async function begin() {
    setBusy(true);
    try {
      await startActing(row.id);
      navigate("/", { state: FOCUS_HEADING_STATE });
    } catch (error) {
      setBusy(false);
      notifyError(errorMessage(error), "Could not order for this practice");
    }
  }
  return (
    <Button
      size="xs"
      leftSection={<IconPhoneCall size={14} aria-hidden />}
      loading={busy}
      onClick={() => void begin()}
      aria-label={`Order for ${name}`}
    >
      Order for
    </Button>
  );
}

const COLUMNS: readonly TableColumn<UserRow>[] = [
  { key: "practice", label: "Practice", cell: (row) => practiceName(row), role: "title", wrap: true },
  {
    key: "contact",
    label: "Contact",
    cell: (row) => [row.first_name, row.last_name].filter(Boolean).join(" ") || "—",
  },
  { key: "place", label: "City", cell: (row) => [row.city, row.state].filter(Boolean).join(", ") || "—" },
  { key: "email", label: "Email", cell: (row) => row.email ?? "—", wrap: true },
  actionsColumn((row) => <OrderForButton row={row} />),
];

/**
 * /admin/order-for (issue 23 §4, decision 042): an administrator taking an order by phone finds the
 * practice by typing part of its name, then orders as the practice — its products, prices, delivery
 * methods and addresses — until "Stop acting for …" in the header.
 */
export function OrderForRoute() {
  const { params, update } = useListParams();
  const applied = params.get("name") ?? "";
  const filter = useFilterValues({ name: applied });
  const { setValues } = filter;
  useEffect(() => setValues({ name: applied }), [applied, setValues]);
  const search = usePracticeSearch(applied.trim());
  // Staff accounts are not practices to order for (the server refuses them too).
  const found = search.data?.items.filter((r) => r.user_level_id !== USER_LEVEL.ADMINISTRATOR);
  const practices = found ? { ...search, data: { items: found, total: found.length } } : search;
  const more = (search.data?.total ?? 0) > PRACTICE_MATCHES;

  return (
    <Stack gap="lg">
      <title>Order for a practice · Vet Portal</title>
      <PageHeader
        title="Order for a practice"
        description="Taking an order by phone? Find the practice by part of its name, then order as the practice: its products, prices, delivery methods and addresses. The order says it was placed by you."
      />
      <FilterForm
        label="Find a practice"
        onSearch={() => update({ name: filter.values.name.trim() })}
        onClear={() => update({ name: "" })}
      >
        <TextInput label="Practice name" placeholder="Part of the name" {...filter.field("name")} />
      </FilterForm>
      {applied.trim() === "" ? (
        <Text c="dimmed">Type part of the practice's name and press Search.</Text>
      ) : (
        <ListResults
          query={practices}
          noun="practices"
          errorTitle="The practices could not be loaded"
          emptyText="No active practice has this in its name."
          columns={COLUMNS}
          rowKey={(row) => row.id}
          minWidth={720}
          page={1}
          pageSize={PRACTICE_MATCHES}
          onPageChange={() => undefined}
          pagedOnly
        />
      )}
      {more && <Text c="dimmed">Showing the first {PRACTICE_MATCHES} matches: type more of the name.</Text>}
    </Stack>
  );
}
