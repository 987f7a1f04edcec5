import { MESSAGES } from "@vetportal/contract";
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { ADMIN_ROUTE_PATHS } from "./admin-sections.ts";
import { PageLoader } from "./page-loader.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { RequireAdmin, RequireAuth } from "./route-guards.tsx";

/** The login screen loads with a 500 ms delay; a page chunk gets 120 s before it counts as failed (SPEC §9). */
const LOGIN_DELAY_MS = 500;
const CHUNK_TIMEOUT_MS = 120_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A page chunk, or the 'Loading chunk failed' error the route error boundary offers a reload for. */
function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(MESSAGES.chunkLoadFailed)), CHUNK_TIMEOUT_MS);
    load()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

const notFound = async () => ({ Component: (await loadChunk(() => import("./routes/not-found.tsx"))).NotFoundRoute });

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary standalone />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: "login",
        lazy: async () => {
          const [module] = await Promise.all([
            loadChunk(() => import("../features/auth/routes/login.tsx")),
            delay(LOGIN_DELAY_MS),
          ]);
          return { Component: module.LoginRoute };
        },
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await loadChunk(() => import("./layouts/app-layout.tsx"))).AppLayout }),
            children: [
              {
                // Inside the layout, so a page that fails keeps the header and footer.
                errorElement: <RouteErrorBoundary />,
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await loadChunk(() => import("../features/catalog/routes/home.tsx"))).HomeRoute,
                    }),
                  },
                  {
                    // Administrator areas: until their pages exist an administrator sees not-found;
                    // anyone else sees Access Denied. Case-sensitive, see admin-sections.ts.
                    element: <RequireAdmin />,
                    children: ADMIN_ROUTE_PATHS.map((path) => ({ path, caseSensitive: true, lazy: notFound })),
                  },
                  { path: "*", lazy: notFound },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
