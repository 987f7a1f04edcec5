import { Badge, Group, Table, Text } from "@mantine/core";
import type { UserRow as User } from "@vetportal/contract";
import { ActionsHead, StatusCell } from "../../../components/list-results.tsx";
import { fullName, UserActions } from "./user-actions.tsx";

/**
 * The user report's header cells. With the customer's practice column (settings) a row names its
 * practice; without, the user's name and email.
 */
export function UserHead({ practiceColumn }: { practiceColumn: boolean }) {
  return (
    <>
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
      <ActionsHead />
    </>
  );
}

/** One user of the report, with its actions. */
export function UserRow({ user, practiceColumn }: { user: User; practiceColumn: boolean }) {
  return (
    <Table.Tr>
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
      <StatusCell active={user.is_active} />
      <Table.Td>
        <UserActions user={user} />
      </Table.Td>
    </Table.Tr>
  );
}
