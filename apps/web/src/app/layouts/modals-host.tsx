import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";
import type { HeldModalEvent } from "./lazy-modals.tsx";

/**
 * The signed-in pages' ModalsProvider (lazy-modals.tsx loads this with the first confirmation). Its
 * listeners are in place once it has mounted (Mantine adds them in a layout effect, before this
 * effect runs); then the events held until now are sent again.
 */
export default function ModalsHost({ release }: { release: () => HeldModalEvent[] }) {
  useEffect(() => {
    for (const event of release()) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [release]);
  return <ModalsProvider modalProps={{ size: 478 }} />;
}
