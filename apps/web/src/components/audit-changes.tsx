import { List, Text } from "@mantine/core";
import type { AuditRow } from "@vetportal/contract";

/** A field's name as a person reads it: "is_active" → "is active". */
const fieldName = (field: string) => field.replaceAll("_", " ");

/** An empty value reads as a dash, so "— → Cardiology" says it was set. */
const shown = (value: string | null) => (value === null || value === "" ? "—" : value);

/** The fields a change touched: "name: Cardiology → Cardiology & Surgery", one line each. */
export function AuditChanges({ row }: { row: AuditRow }) {
  if (row.changes.length === 0) return <Text size="sm">{row.action}</Text>;
  const created = row.changes.every((c) => c.before === null);
  return (
    <List size="sm" spacing={2} listStyleType="none" styles={{ itemWrapper: { minWidth: 0 } }}>
      {row.changes.map((c) => (
        <List.Item key={c.field} style={{ overflowWrap: "anywhere" }}>
          <Text span size="sm" fw={600}>
            {fieldName(c.field)}:
          </Text>{" "}
          {created ? shown(c.after) : `${shown(c.before)} → ${shown(c.after)}`}
        </List.Item>
      ))}
    </List>
  );
}

/** "Maria Lopez" with the email under it when it says more. */
export function AuditPerson({ row }: { row: AuditRow }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {row.actor}
      </Text>
      {row.actor_email && row.actor_email !== row.actor && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {row.actor_email}
        </Text>
      )}
    </>
  );
}
