import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { lazyOnUse, whenIdle } from "../../lib/lazy-on-use.tsx";

/** What `modals.*` of @mantine/modals dispatch on `window` (its ModalsProvider listens for them). */
const MODAL_EVENTS = [
  "openModal",
  "openConfirmModal",
  "openContextModal",
  "closeModal",
  "closeAllModals",
  "updateModal",
  "updateContextModal",
].map((name) => `mantine-modals:${name}`);

/** An event `modals.*` sent before the provider was there, to send again once it listens. */
export interface HeldModalEvent {
  type: string;
  detail: unknown;
}

const modalsHost = lazyOnUse<{ release: () => HeldModalEvent[] }>(() => import("./modals-host.tsx"));

/**
 * The confirmation modals' provider, loaded with their first use (decision 034, fifth round). Pages
 * ask through `modals.openConfirmModal` and `modals.open`, events on `window` only a mounted
 * ModalsProvider hears; with the provider in the shell, Mantine's Modal, ScrollArea and, through
 * ScrollArea, floating-ui were in every signed-in page's first load. Until the provider is there
 * this holds the events; the first one loads it (as does an idle moment after the page's load),
 * and the provider, once it listens, takes the held events and sends them again, in order.
 */
export function LazyModals() {
  const [used, setUsed] = useState(false);
  const held = useRef<HeldModalEvent[]>([]);
  const stopHolding = useRef<() => void>(() => {});

  useEffect(() => {
    const hold = (event: Event) => {
      held.current.push({ type: event.type, detail: (event as CustomEvent).detail });
      setUsed(true);
    };
    for (const type of MODAL_EVENTS) window.addEventListener(type, hold);
    const stop = () => {
      for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
    };
    stopHolding.current = stop;
    return stop;
  }, []);
  useEffect(
    () =>
      whenIdle(() => {
        modalsHost.preload();
        setUsed(true);
      }),
    [],
  );

  const release = useCallback(() => {
    stopHolding.current();
    return held.current.splice(0);
  }, []);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <modalsHost.Component release={release} />
    </Suspense>
  );
}
