import "@mantine/notifications/styles.layer.css";
import { Notifications as MantineNotifications } from "@mantine/notifications";

/** Toasts (SPEC §9): top right, auto-closing after 5000 ms. Loaded by toasts.tsx with the first toast. */
export default function Notifications() {
  return <MantineNotifications position="top-right" autoClose={5000} />;
}
