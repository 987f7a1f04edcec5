import "@mantine/notifications/styles.layer.css";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications as MantineNotifications } from "@mantine/notifications";
import { PHONE_QUERY } from "../lib/phone-query.ts";
import classes from "./notifications.module.css";

/**
 * Toasts (SPEC §9): auto-closing after 5000 ms. Loaded by toasts.tsx with the first toast. At the
 * bottom of the screen (right on a wide one, across a phone), so a toast never covers the header's
 * buttons nor the page's title and the controls beside it; the page ends (below the footer) with
 * a padding as tall as a toast, so scrolled to the end nothing is under one (issue 22 §3, decision 036).
 */
export default function Notifications() {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <MantineNotifications
      position={phone ? "bottom-center" : "bottom-right"}
      autoClose={5000}
      classNames={{ root: classes.root }}
    />
  );
}
