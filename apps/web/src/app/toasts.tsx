import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const Notifications = lazy(() => import("./notifications.tsx"));

/**
 * Where toasts appear. The container mounts with the first toast (lib/notify.ts only adds it to
 * Mantine's store), so its component, transitions and stylesheet are no part of a page's first load
 * (decision 016); once mounted it stays.
 */
export function Toasts() {
  const hasToasts = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  if (hasToasts && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
