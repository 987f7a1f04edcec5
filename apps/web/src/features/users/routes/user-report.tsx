import {
  Badge,
  Box,
  Button,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { MESSAGES, USER_LEVELS, USER_PAGE_SIZES, type UserRow } from "@vetportal/contract";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { pageCount, TablePager } from "../../../components/table-pager.tsx";
import { StatusBadge } from "../../../components/tone-badge.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSettings } from "../../../lib/get-settings.ts";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import { usePracticeNames } from "../../../lib/list-practice-names.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useUpdateUser } from "../../../lib/update-user.ts";
import { useDeleteUser } from "../api/delete-user.ts";
import { USERS_QUERY_KEY, type UserListFilter, useUsers } from "../api/list-users.ts";

/**
 * The row's buttons unmount when the list reloads without it, which drops mutate()'s callbacks;
 * the promise of mutateAsync still settles. A failure already got the global error toast.
 */
const ignoreFailure = () => undefined;

/** The filter as it sits in the URL, so Back from Modify returns to the same list. */
interface Filters {
  first_name: string;
  last_name: string;
  email: string;
  practice: string;
  level: string;
  department: string;
  status: "active" | "inactive" | "all";
}

const EMPTY_FILTERS: Filters = {
  first_name: "",
  last_name: "",
  email: "",
  practice: "",
  level: "",
  department: "",
  status: "active",
};
const FILTER_NAMES = Object.keys(EMPTY_FILTERS) as (keyof Filters)[];
const DEFAULT_PAGE_SIZE = USER_PAGE_SIZES[0];

const LEVEL_OPTIONS = [
  { value: "", label: "All levels" },
  ...USER_LEVELS.map((l) => ({ value: String(l.id), label: l.name })),
];
const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "all", label: "All" },
];

function readFilters(params: URLSearchParams): Filters {
  const status = params.get("status");
  return {
    first_name: params.get("first_name") ?? "",
    last_name: params.get("last_name") ?? "",
    email: params.get("email") ?? "",
    practice: params.get("practice") ?? "",
    level: params.get("level") ?? "",
    department: params.get("department") ?? "",
    status: status === "inactive" || status === "all" ? status : "active",
  };
}

function readPageSize(params: URLSearchParams): number {
  const size = Number(params.get("size"));
  return (USER_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

function toRequest(filters: Filters, page: number, pageSize: number): UserListFilter {
  const text = (value: string) => value.trim() || undefined;
  return {
    first_name: text(filters.first_name),
    last_name: text(filters.last_name),
    email: text(filters.email),
    representation: text(filters.practice),
    user_level_id: positiveId(filters.level),
    department_id: positiveId(filters.department),
    is_active: filters.status === "all" ? undefined : filters.status === "active" ? 1 : 0,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}

function fullName(user: UserRow): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ");
}

/** What a row is called in its buttons' accessible names. */
function rowName(user: UserRow): string {
  return user.representation || fullName(user) || user.email || `user ${user.id}`;
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const [values, setValues] = useState<Filters>(initial);
  const practiceNames = usePracticeNames();
  const departments = useDepartmentOptions();

  const practiceOptions = useMemo(() => {
    const names = new Set<string>();
    for (const practice of practiceNames.data ?? []) if (practice.representation) names.add(practice.representation);
    if (values.practice) names.add(values.practice);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [practiceNames.data, values.practice]);

  const set = <K extends keyof Filters>(name: K, value: Filters[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(values);
  }

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Filter users">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="First name"
          value={values.first_name}
          onChange={(e) => set("first_name", e.currentTarget.value)}
        />
        <TextInput
          label="Last name"
          value={values.last_name}
          onChange={(e) => set("last_name", e.currentTarget.value)}
        />
        <TextInput label="Email" value={values.email} onChange={(e) => set("email", e.currentTarget.value)} />
        <Select
          label="Practice"
          placeholder="All practices"
          searchable
          clearable
          data={practiceOptions}
          value={values.practice || null}
          onChange={(value) => set("practice", value ?? "")}
          nothingFoundMessage="No practice by that name"
          comboboxProps={{ withinPortal: true }}
        />
        <NativeSelect
          label="Level"
          data={LEVEL_OPTIONS}
          value={values.level}
          onChange={(e) => set("level", e.currentTarget.value)}
        />
        <NativeSelect
          label="Department"
          data={[{ value: "", label: "All departments" }, ...(departments.data ?? [])]}
          value={values.department}
          onChange={(e) => set("department", e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(e) => set("status", e.currentTarget.value as Filters["status"])}
        />
        <Group align="flex-end" gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setValues(EMPTY_FILTERS);
              onApply(EMPTY_FILTERS);
            }}
          >
            Clear
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}

function UserActions({ user }: { user: UserRow }) {
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const name = rowName(user);

  function inactivate() {
    confirmAction({
      message: `Inactivate ${name}? The practice will no longer be able to sign in.`,
      onConfirm: () =>
        updateUser.mutateAsync({ id: user.id, is_active: 0 }).then(
          () => {
            notifySuccess(MESSAGES.userInactivated);
            void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
          },
          (error: unknown) => notifyError(errorMessage(error)),
        ),
    });
  }

  function remove() {
    confirmAction({
      message: `Delete ${name}?`,
      onConfirm: () => deleteUser.mutateAsync(user.id).then(() => notifySuccess(MESSAGES.userDeleted), ignoreFailure),
    });
  }

  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={`/Users/ModifyUser/${user.id}`}
        state={{ back: `/userreport${search}` }}
        size="compact-sm"
        variant="light"
      >
        Modify<VisuallyHidden> {name}</VisuallyHidden>
      </Button>
      {user.is_active && (
        <Button size="compact-sm" variant="default" onClick={inactivate} loading={updateUser.isPending}>
          Inactivate<VisuallyHidden> {name}</VisuallyHidden>
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" color="red" onClick={remove} loading={deleteUser.isPending}>
        Delete<VisuallyHidden> {name}</VisuallyHidden>
      </Button>
    </Group>
  );
}

function UsersTable({ users, practiceColumn }: { users: UserRow[]; practiceColumn: boolean }) {
  return (
    <Table.ScrollContainer pos="relative" minWidth={practiceColumn ? 860 : 980} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">ID</Table.Th>
            {practiceColumn ? (
              <Table.Th scope="col">Practice</Table.Th>
            ) : (
              <>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
              </>
            )}
            <Table.Th scope="col">Phone</Table.Th>
            <Table.Th scope="col">Level</Table.Th>
            <Table.Th scope="col">Department</Table.Th>
            <Table.Th scope="col">Location</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.id}</Table.Td>
              {practiceColumn ? (
                <Table.Td>{user.representation}</Table.Td>
              ) : (
                <>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {fullName(user)}
                    </Text>
                    {user.representation && (
                      <Text size="xs" c="dimmed">
                        {user.representation}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: "break-all" }}>{user.email}</Table.Td>
                </>
              )}
              <Table.Td style={{ whiteSpace: "nowrap" }}>{user.phone}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {user.user_level}
                  {user.is_approver && (
                    <Badge size="xs" variant="outline" color="brand.9">
                      Approver
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{user.department_name}</Table.Td>
              <Table.Td>{[user.city, user.state].filter(Boolean).join(", ")}</Table.Td>
              <Table.Td>
                <StatusBadge active={user.is_active} />
              </Table.Td>
              <Table.Td>
                <UserActions user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /userreport (SPEC §2): the practices and staff of the customer, filtered and paged on the server. */
export function UserReportRoute() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const pageSize = readPageSize(params);
  const page = positiveId(params.get("page")) ?? 1;
  const users = useUsers(toRequest(filters, page, pageSize));
  const settings = useSettings();
  const practiceColumn = settings.data?.user_list_practice_column === true;

  function update(next: Partial<Filters> & { page?: number; size?: number }) {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          const text = String(value ?? "");
          const isDefault =
            text === "" ||
            (key === "status" && text === "active") ||
            (key === "page" && text === "1") ||
            (key === "size" && text === String(DEFAULT_PAGE_SIZE));
          if (isDefault) merged.delete(key);
          else merged.set(key, text);
        }
        return merged;
      },
      { preventScrollReset: true },
    );
  }

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
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Users</Title>
          <Text c="dimmed">Practices and staff of the portal. Filter, then modify, inactivate or delete.</Text>
        </Stack>
        <Button component={Link} to="/Users/AddUser" leftSection={<IconPlus size={16} aria-hidden />}>
          Add User
        </Button>
      </Group>

      <FilterForm key={filterKey} initial={filters} onApply={(next) => update({ ...next, page: 1 })} />

      {users.isError ? (
        <LoadError title="The users could not be loaded" query={users} />
      ) : (
        <Stack gap="sm">
          <Box pos="relative" mih={120}>
            <LoadingOverlay
              visible={users.isFetching}
              zIndex={5}
              overlayProps={{ blur: 1 }}
              loaderProps={{ "aria-label": "Loading users" }}
            />
            {users.data && users.data.items.length > 0 && (
              <UsersTable users={users.data.items} practiceColumn={practiceColumn} />
            )}
            {users.data && users.data.items.length === 0 && (
              <Text c="dimmed" py="xl" ta="center">
                No users match these filters.
              </Text>
            )}
          </Box>
          {users.data && (
            <TablePager
              noun="users"
              page={Math.min(page, pages)}
              pageSize={pageSize}
              total={total}
              onPageChange={(next) => update({ page: next })}
              pageSizes={USER_PAGE_SIZES}
              onPageSizeChange={(size) => update({ size, page: 1 })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
