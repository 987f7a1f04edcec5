// Mantine's global styles; each component's own stylesheet comes with the chunk that uses it
// (build/mantine-css.ts, decision 016).
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./print.css";
import { MantineProvider } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { getSession, subscribeSession } from "../lib/session.ts";
import { cssVariablesResolver, theme } from "./theme.ts";
import { Toasts } from "./toasts.tsx";

/**
 * Whatever was cached, the cart included, belongs to the user who just left: drop it when the
 * session ends (the server keeps the user's cart for the next sign-in, decision 021). Both modules
 * load with the signed-in pages, so here they are normally loaded already.
 */
function useClearCacheOnSignOut() {
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession()) return;
        void import("../lib/query-client.ts").then(({ queryClient }) => queryClient.clear());
        void import("../lib/cart-store.ts").then(({ clearLocalCart }) => clearLocalCart());
      }),
    [],
  );
}

/**
 * What every page has. React Query's provider is in QueryLayout and the modals' in AppLayout, so
 * the sign-in page loads neither (decision 016).
 */
export function AppProviders({
  children,
  env,
}: {
  children: ReactNode /** "test": no transitions, no portals (DOM tests). */;
  env?: "test";
}) {
  useClearCacheOnSignOut();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <Toasts />
      {children}
    </MantineProvider>
  );
}
