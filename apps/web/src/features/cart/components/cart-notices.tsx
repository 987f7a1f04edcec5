import { Alert, List } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { dismissCartNotices, useCartNotices } from "../../../lib/cart-store.ts";

/** What a Reorder changed or left out, shown above the cart until dismissed. */
export function CartNotices() {
  const notices = useCartNotices();
  if (!notices) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      title={notices.title}
      icon={<IconInfoCircle aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismissCartNotices}
    >
      <List size="sm" spacing={4}>
        {notices.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
