import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { USER_PAGE_SIZES } from "@vetportal/contract";
import { useEffect } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { pageCount } from "../../../components/table/table-pager.tsx";
import { useSettings } from "../../../lib/get-settings.ts";
import { pageSizeParam, useListParams } from "../../../lib/list-params.ts";
import { useUsers } from "../api/list-users.ts";
import { userColumns } from "../components/user-columns.tsx";
import { EMPTY_USER_FILTERS, readUserFilters, toUserRequest, UserFilter } from "../components/user-filter.tsx";

const FILTER_NAMES = Object.keys(EMPTY_USER_FILTERS) as (keyof typeof EMPTY_USER_FILTERS)[];

/** /userreport (SPEC §2): the practices and staff of the customer, filtered and paged on the server. */
export function UserReportRoute() {
  const { params, page, update } = useListParams({ status: "active", size: String(USER_PAGE_SIZES[0]) });
  const filters = readUserFilters(params);
  const pageSize = pageSizeParam(params, USER_PAGE_SIZES);
  const users = useUsers(toUserRequest(filters, page, pageSize));
  const settings = useSettings();
  const practiceColumn = settings.data?.user_list_practice_column === true;

  const total = users.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const isPastLastPage = users.isSuccess && !users.isPlaceholderData && page > pages;
  // A delete or a narrower page size can leave the list past its last page: go to the last one.
  useEffect(() => {
    if (isPastLastPage) update({ page: pages });
  });
  const filterKey = FILTER_NAMES.map((name) => filters[name]).join("\u0000");

  return (
    <Stack gap="lg">
      <title>Users · Vet Portal</title>
      <PageHeader
        title="Users"
        description="Practices and staff of the portal. Filter, then modify, inactivate or delete."
      >
        <Button component={Link} to="/Users/AddUser" leftSection={<IconPlus size={16} aria-hidden />}>
          Add User
        </Button>
      </PageHeader>

      <UserFilter key={filterKey} initial={filters} onApply={(next) => update({ ...next, page: 1 })} />

      <ListResults
        query={users}
        noun="users"
        errorTitle="The users could not be loaded"
        emptyText="No users match these filters."
        minWidth={practiceColumn ? 860 : 980}
        columns={userColumns(practiceColumn)}
        rowKey={(user) => user.id}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => update({ page: next })}
        pager={{ pageSizes: USER_PAGE_SIZES, onPageSizeChange: (size) => update({ size, page: 1 }) }}
      />
    </Stack>
  );
}
