import { useEffect, useState } from "react";
import { Outlet } from "react-router";
import { ConnectionNotice } from "../../components/connection-notice.tsx";
import { approvalsWaitingQueryOptions, asksAboutApprovals } from "../../features/approvals/api/approvals.ts";
import { useLogout } from "../../features/auth/api/logout.ts";
import { SessionExpiry } from "../../features/auth/components/session-expiry.tsx";
import { CartSync } from "../../features/cart/components/cart-sync.tsx";
import { stopActing } from "../../features/order-for/api/acting-session.ts";
import { loadFirstData } from "../../lib/first-data-loader.ts";
import { useFocusHeadingOnArrival } from "../../lib/focus-heading.ts";
import { settingsQueryOptions } from "../../lib/get-settings.ts";
import { LazyOpenable, lazyOnUse, whenIdle } from "../../lib/lazy-on-use.tsx";
import { myAllowanceQueryOptions } from "../../lib/my-allowance.ts";
import { getSession } from "../../lib/session.ts";
import { ActivityProgress } from "./activity-progress.tsx";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import classes from "./app-layout.module.css";
import { LazyModals } from "./lazy-modals.tsx";
import parts from "./shell-parts.module.css";

/** The Customer Service form loads with its first opening (decision 034). */
const customerService = lazyOnUse<{ opened: boolean; onClose: () => void }>(() =>
  import("../../features/support/components/customer-service-modal.tsx").then((m) => ({
    default: m.CustomerServiceModal,
  })),
);

/**
 * The first paint of a fresh visit waits for the header's allowance chip and an approver's
 * "Approvals" link (and the footer's settings), so the header does not change and push the page
 * down when they arrive, nor render again right after the first paint (lib/first-data-loader.ts;
 * decision 034, lever 61).
 */
export const appLayoutLoader = () =>
  loadFirstData([
    myAllowanceQueryOptions(),
    settingsQueryOptions(),
    ...(asksAboutApprovals(getSession()?.privileges) ? [approvalsWaitingQueryOptions()] : []),
  ]);

/** The authenticated layout: progress bar, header (with back-to-top, SPEC §2), page, footer, and the confirmation modals. */
export function AppLayout() {
  const [supportOpened, setSupportOpened] = useState(false);
  // The modal mounts with its first opening and stays (its closing transition, focus return).
  const [supportUsed, setSupportUsed] = useState(false);
  const openSupport = () => {
    setSupportUsed(true);
    setSupportOpened(true);
  };
  const signOut = useLogout();
  // Signing out while ordering for a practice ends that session first, then the administrator's.
  const logout = () => void stopActing().then(signOut);
  useEffect(() => whenIdle(customerService.preload), []);
  useFocusHeadingOnArrival("main");

  return (
    <>
      <ActivityProgress />
      <SessionExpiry />
      <CartSync />
      <a href="#main" className={classes.skipLink} data-print="hide">
        Skip to content
      </a>
      <div className={classes.shell}>
        <AppHeader onCustomerService={openSupport} onLogout={logout} />
        <main id="main" tabIndex={-1} className={classes.main}>
          <div className={parts.container}>
            <Outlet />
          </div>
        </main>
        <AppFooter />
      </div>
      <ConnectionNotice />
      {supportUsed && (
        <LazyOpenable lazy={customerService} opened={supportOpened} onClose={() => setSupportOpened(false)} />
      )}
      {/* Confirmations (modals.openConfirmModal) are asked on signed-in pages only; their provider loads with the first. */}
      <LazyModals />
    </>
  );
}
