import { ModalsProvider } from "@mantine/modals";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderDom } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LEVEL_PRIVILEGES, type Profile, USER_LEVEL } from "@vetportal/contract";
import type { ReactNode } from "react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from "react-router";
import { AppProviders } from "../app/providers.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { saveSession } from "../lib/session.ts";

/**
 * What a page has around it in the app, for a DOM test: the app's own providers (Mantine with the
 * portal's theme, the toasts), a fresh QueryClient with the app's defaults (error toasts, retries —
 * without their waits), the confirmation modals of the signed-in layout, and a memory router.
 * `env="test"` turns Mantine's transitions off, so a modal or a toast is there at once.
 */
function TestLayout({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ModalsProvider modalProps={{ size: 478 }}>
        <Outlet />
      </ModalsProvider>
    </QueryClientProvider>
  );
}

/** Where a link or a navigation went, for tests that follow one: "Now at /cart/preview?x=1". */
function Elsewhere() {
  const location = useLocation();
  return <p>{`Now at ${location.pathname}${location.search}`}</p>;
}

export interface RenderOptions {
  /** The route's path pattern ("/order/:orderId"); the URL's path when left out. */
  path?: string;
  /** The URL the page opens at. */
  url?: string;
  /** More routes beside the page's (a page it links to). Any other path shows "Now at …". */
  routes?: RouteObject[];
}

/**
 * Renders `ui` as the page at `url` inside the app's providers. Returns Testing Library's queries,
 * a user-event `user`, the router (its location) and the query client.
 */
export function renderPage(ui: ReactNode, { url = "/", path, routes = [] }: RenderOptions = {}) {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const router = createMemoryRouter(
    [
      {
        element: <TestLayout client={client} />,
        children: [{ path: path ?? url.split("?")[0], element: ui }, ...routes, { path: "*", element: <Elsewhere /> }],
      },
    ],
    { initialEntries: [url] },
  );
  // No pause between keystrokes: a typed word is one task per key, not one timer per key.
  const user = userEvent.setup({ delay: null });
  const result = renderDom(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, user, router, client };
}

/** A component on its own (a kit part), with the same providers, at "/". */
export function renderComponent(ui: ReactNode, options: Omit<RenderOptions, "path"> = {}) {
  return renderPage(ui, { ...options, path: "/" });
}

/** The signed-in practice user's profile (the practice's address is the default delivery address). */
export function profile(over: Partial<Profile> = {}): Profile {
  return {
    user_id: 7,
    email: "pat@paws.example.com",
    phone: "5555550100",
    first_name: "Pat",
    last_name: "Practice",
    title: null,
    representation: "Paws Clinic",
    address: {
      address_id: 31,
      title: "Paws Clinic",
      line1: "1 Main St",
      line2: null,
      city: "Albany",
      state: "NY",
      zip_code: "12207",
      country: 1,
    },
    ...over,
  };
}

/** Signs a user in as the app would have stored it: a practice's user, or an administrator. */
export function signIn({
  admin = false,
  userId = 7,
  profile: stored = profile({ user_id: userId }),
}: {
  admin?: boolean;
  userId?: number;
  profile?: Profile | null;
} = {}) {
  const level = admin ? USER_LEVEL.ADMINISTRATOR : USER_LEVEL.USER;
  saveSession({
    session: {
      displayName: admin ? "Ada Admin" : "Pat Practice",
      username: admin ? "ada@example.com" : "pat@example.com",
      expireDate: new Date(Date.now() + 3_600_000).toISOString(),
      expiresIn: "3600",
      userid: userId,
      idToken: "test-id-token",
      refreshToken: "test-refresh-token",
      registered: true,
    },
    profile: stored,
    privileges: {
      user_id: userId,
      user_level_id: level,
      user_level: admin ? "Administrator" : "User",
      is_admin: admin,
      privileges: LEVEL_PRIVILEGES[level] ?? [],
      sign_in_method: "password",
    },
  });
}

/**
 * Replaces a field's text as a user pasting it would: one input event, not one per key, which keeps
 * long values quick on a slow machine. Use `user.type` where each key matters (masks, Enter).
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
