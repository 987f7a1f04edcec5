import { notifications } from "@mantine/notifications";

/** Toasts (SPEC §8 "Toast helper"): top right, auto-closing; position and timing are set on <Notifications>. */
export function notifySuccess(message: string): void {
  notifications.show({ color: "teal", title: "Success", message });
}

export function notifyError(message: string, title = "Error"): void {
  notifications.show({ color: "red", title, message });
}
