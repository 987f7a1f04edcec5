import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/nprogress/styles.css";
import "./print.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { emptyCart } from "../lib/cart-store.ts";
import { queryClient } from "../lib/query-client.ts";
import { getSession, subscribeSession } from "../lib/session.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

/** Whatever was cached, the cart included, belongs to the user who just left: drop it when the session ends. */
function useClearCacheOnSignOut() {
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession()) return;
        queryClient.clear();
        emptyCart();
      }),
    [],
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  useClearCacheOnSignOut();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider modalProps={{ size: 478 }}>
          <Notifications position="top-right" autoClose={5000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
