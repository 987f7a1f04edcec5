import { Badge, Group, Text } from "@mantine/core";
import type { UserRow as User } from "@vetportal/contract";
import { actionsColumn, statusColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { fullName, UserActions } from "./user-actions.tsx";

const practice: TableColumn<User> = {
  key: "practice",
  label: "Practice",
  role: "title",
  wrap: true,
  cell: (user) => user.representation,
};

const nameAndEmail: TableColumn<User>[] = [
  {
    key: "name",
    label: "Name",
    role: "title",
    wrap: true,
    cell: (user) => (
      <>
        <Text size="sm" fw={500}>
          {fullName(user)}
        </Text>
        {user.representation && (
          <Text size="xs" c="dimmed">
            {user.representation}
          </Text>
        )}
      </>
    ),
  },
  {
    key: "email",
    label: "Email",
    wrap: true,
    cell: (user) => <span style={{ wordBreak: "break-all" }}>{user.email}</span>,
  },
];

/**
 * The user report's columns. With the customer's practice column (settings) a row names its
 * practice; without, the user's name and email.
 */
export function userColumns(practiceColumn: boolean): TableColumn<User>[] {
  return [
    { key: "id", label: "ID", cell: (user) => user.id },
    ...(practiceColumn ? [practice] : nameAndEmail),
    { key: "phone", label: "Phone", cell: (user) => user.phone },
    {
      key: "level",
      label: "Level",
      cell: (user) => (
        <Group gap={4} component="span" display="inline-flex">
          {user.user_level}
          {user.is_approver && (
            <Badge size="xs" variant="outline" color="brand.9">
              Approver
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "department", label: "Department", wrap: true, cell: (user) => user.department_name },
    { key: "location", label: "Location", cell: (user) => [user.city, user.state].filter(Boolean).join(", ") },
    statusColumn((user) => user.is_active),
    actionsColumn((user) => <UserActions user={user} />),
  ];
}
