import { Badge, Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import type { OutboxMessage } from "@vetportal/contract";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { formatPst } from "../../../lib/format.ts";
import { useOutbox } from "../api/list-outbox.ts";

// Colours whose light variant keeps its text at 4.5:1 or more (app/theme.ts).
const STATUS_COLOR = { pending: "gray", sent: "brand", failed: "red" } as const;

/** One email: subject, addressees, status, and its text behind a disclosure. */
function OutboxEntry({ message }: { message: OutboxMessage }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={message.subject}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{message.subject}</Text>
          <Badge color={STATUS_COLOR[message.status]} variant="light">
            {message.status}
          </Badge>
        </Group>
        <Text size="sm">
          To {message.to.join(", ")}
          {message.cc.length > 0 && ` · cc ${message.cc.join(", ")}`}
        </Text>
        <Text size="sm" c="dimmed">
          {message.kind} · queued {formatPst(message.created)}
          {message.sent_at && ` · sent ${formatPst(message.sent_at)}`}
          {message.last_error && ` · last error: ${message.last_error}`}
        </Text>
        <details>
          <summary>Read the email</summary>
          <Code block mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.text}
          </Code>
        </details>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/mail (issue 22 §6): the emails the portal queued, newest first, so developers and
 * evaluators can read them without an SMTP server (without SMTP_URL they stay pending here).
 */
export function MailOutboxRoute() {
  const outbox = useOutbox();
  return (
    <Stack gap="lg">
      <title>Outbox · Vet Portal</title>
      <PageHeader
        title="Outbox"
        description="The newest 50 emails the portal queued. Without SMTP_URL they are not sent and stay pending."
      >
        <Button variant="default" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          Refresh
        </Button>
      </PageHeader>
      {outbox.isPending ? (
        <PageLoading label="Loading the outbox…" blocks={[{ h: 120 }, { h: 120 }]} />
      ) : outbox.isError ? (
        <LoadError title="The outbox could not be loaded" query={outbox} />
      ) : outbox.data.length === 0 ? (
        <Text>No email has been queued yet.</Text>
      ) : (
        outbox.data.map((message) => <OutboxEntry key={message.id} message={message} />)
      )}
    </Stack>
  );
}
