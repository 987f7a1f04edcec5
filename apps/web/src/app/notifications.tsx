import "@mantine/notifications/styles.layer.css";
import { Notifications as MantineNotifications } from "@mantine/notifications";
import { HEADER_HEIGHT_VARIABLE } from "./layouts/header-height.ts";

/**
 * Toasts (SPEC §9): top right, auto-closing after 5000 ms. Loaded by toasts.tsx with the first toast.
 * Below the sticky header (its height is measured into HEADER_HEIGHT_VARIABLE), so a toast never
 * covers the header's Customer Service, Account and Logout buttons (issue 11).
 */
export default function Notifications() {
  return (
    <MantineNotifications
      position="top-right"
      autoClose={5000}
      style={{ top: `calc(var(${HEADER_HEIGHT_VARIABLE}, 0px) + var(--mantine-spacing-md))` }}
    />
  );
}
