import "@mantine/notifications/styles.layer.css";
import { Notifications as MantineNotifications } from "@mantine/notifications";
import classes from "./notifications.module.css";

/**
 * Toasts (SPEC §9): top right, auto-closing after 5000 ms. Loaded by toasts.tsx with the first toast.
 * Below the sticky header, so a toast never covers the header's Customer Service, Account and
 * Logout buttons (issue 11; notifications.module.css).
 */
export default function Notifications() {
  return <MantineNotifications position="top-right" autoClose={5000} classNames={{ root: classes.root }} />;
}
