import { lazy, Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { getRestoreFailure, useSession } from "../lib/session.ts";
import { PageLoader } from "./page-loader.tsx";

const AccessDeniedRoute = lazy(() =>
  import("./routes/access-denied.tsx").then((module) => ({ default: module.AccessDeniedRoute })),
);

/** Everything but /login needs a session; authentication is the presence of an idToken (SPEC §2). */
export function RequireAuth() {
  const session = useSession();
  const restoreFailure = getRestoreFailure();
  // The route error boundary offers the reload that fixes it.
  if (restoreFailure) throw restoreFailure;
  if (!session) return <Navigate to="/login" replace />;
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
