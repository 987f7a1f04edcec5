import { REDIRECT_PARAM } from "@vetportal/contract";
import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { getRestoreFailure, useSession, wasSignedOutByUser } from "../lib/session.ts";
import { PageLoader } from "./page-loader.tsx";

const AccessDeniedRoute = lazy(() =>
  import("./routes/access-denied.tsx").then((module) => ({ default: module.AccessDeniedRoute })),
);

/**
 * Everything but /login needs a session; authentication is the presence of an idToken (SPEC §2).
 * Without one, /login gets the page that was asked for (path, query and fragment) in ?next=, and
 * signing in opens it (a deep link, or the page a session expired on); not after the user's own
 * Logout, which starts afresh.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const restoreFailure = getRestoreFailure();
  // The route error boundary offers the reload that fixes it.
  if (restoreFailure) throw restoreFailure;
  if (!session) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    const keep = target !== "/" && !wasSignedOutByUser();
    const to = keep ? `/login?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` : "/login";
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

/**
 * Administrator routes. The server enforces the role on every admin endpoint (DESIGN §7); this
 * only spares other users a page that could not load, and shows them Access Denied instead.
 */
export function RequireAdmin() {
  const session = useSession();
  if (!session?.privileges?.is_admin) {
    return (
      <Suspense fallback={<PageLoader />}>
        <AccessDeniedRoute />
      </Suspense>
    );
  }
  return <Outlet />;
}
