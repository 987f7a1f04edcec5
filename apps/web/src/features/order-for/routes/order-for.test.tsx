import { screen, waitFor, within } from "@testing-library/react";
import { ActingSessionSchema, LEVEL_PRIVILEGES, PrivilegesSchema, UserRowSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getSession } from "../../../lib/session.ts";
import { apiList, apiOk } from "../../../test/handlers.ts";
import { fill, profile, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ACTING_KEY } from "../api/acting-session.ts";
import { ActingBanner } from "../components/acting-banner.tsx";
import { OrderForRoute } from "./order-for.tsx";

type Row = z.input<typeof UserRowSchema>;

const row = (id: number, over: Partial<Row> = {}): Row => ({
  id,
  first_name: "Hana",
  last_name: "Reyes",
  email: "front@hudson.test",
  phone: null,
  representation: "Hudson Valley Animal Hospital",
  user_level_id: 1,
  user_level: "User",
  is_approver: false,
  requires_approval: false,
  is_active: true,
  department_id: null,
  department_name: null,
  city: "Poughkeepsie",
  state: "NY",
  ...over,
});

const HUDSON = profile({ user_id: 12, representation: "Hudson Valley Animal Hospital", email: "front@hudson.test" });

function answerStart() {
  const start = apiOk("/api/orderfor/start", ActingSessionSchema, {
    acting: {
      user_id: 12,
      practice_name: "Hudson Valley Animal Hospital",
      admin_user_id: 1,
      admin_name: "Ada Admin",
      profile: HUDSON,
    },
    access_token: "acting-id-token",
    refresh_token: "acting-refresh-token",
    expiresIn: "3600",
    expireDate: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const privileges = apiOk("/api/useradmin/previlege", PrivilegesSchema, {
    user_id: 12,
    user_level_id: 1,
    user_level: "User",
    is_admin: false,
    privileges: LEVEL_PRIVILEGES[1] ?? [],
    sign_in_method: "address",
  });
  server.use(start.handler, privileges.handler);
  return { start, privileges };
}

/** The page and the header's strip together, as the layout shows them. */
const Page = () => (
  <>
    <ActingBanner />
    <OrderForRoute />
  </>
);

describe("/admin/order-for", () => {
  it("finds a practice by part of its name and orders as it until Stop", async () => {
    signIn({ admin: true, userId: 1 });
    const list = apiList("/api/user/list", UserRowSchema, () => ({
      rows: [row(12), row(1, { representation: null, first_name: "Ada", last_name: "Admin", user_level_id: 3 })],
      total: 2,
    }));
    server.use(list.handler);
    const { start, privileges } = answerStart();
    const { user, router } = renderPage(<Page />, {
      path: "/admin/order-for",
      url: "/admin/order-for",
      routes: [{ path: "/", element: <Page /> }],
    });

    expect(screen.getByRole("heading", { level: 1, name: "Order for a practice" })).toBeInTheDocument();
    expect(list.calls.count).toBe(0);
    await fill(user, screen.getByRole("textbox", { name: "Practice name" }), "hudson");
    await user.click(screen.getByRole("button", { name: "Search" }));

    const table = await screen.findByRole("table", { name: "practices" });
    expect(list.calls.last).toMatchObject({ representation: "hudson", is_active: 1 });
    // A staff account is not offered.
    expect(within(table).queryByText("Ada Admin")).not.toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Order for Hudson Valley Animal Hospital" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(start.calls.last).toEqual({ user_id: 12 });
    expect(start.calls.headers[0]?.get("authorization")).toBe("Bearer test-id-token");
    expect(privileges.calls.headers[0]?.get("authorization")).toBe("Bearer acting-id-token");
    // The practice's session, profile and (server-given) privileges are this browser's now.
    expect(getSession()).toMatchObject({
      session: { idToken: "acting-id-token", userid: 12, displayName: "Hudson Valley Animal Hospital" },
      profile: { user_id: 12 },
      privileges: { is_admin: false },
    });
    const strip = screen.getByRole("region", { name: "Ordering for a practice" });
    expect(strip).toHaveTextContent("Ordering for Hudson Valley Animal Hospital · taken by Ada Admin");

    const stop = apiOk("/api/orderfor/stop", z.boolean(), true);
    server.use(stop.handler);
    await user.click(within(strip).getByRole("button", { name: "Stop acting for Hudson Valley Animal Hospital" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/order-for"));
    expect(stop.calls.headers[0]?.get("authorization")).toBe("Bearer acting-id-token");
    // The administrator's own session is back, and the strip is gone.
    expect(getSession()?.session).toMatchObject({ idToken: "test-id-token", userid: 1 });
    expect(getSession()?.privileges?.is_admin).toBe(true);
    expect(localStorage.getItem(ACTING_KEY)).toBeNull();
    expect(screen.queryByRole("region", { name: "Ordering for a practice" })).not.toBeInTheDocument();
  });

  it("says when no practice matches", async () => {
    signIn({ admin: true, userId: 1 });
    const list = apiList("/api/user/list", UserRowSchema, []);
    server.use(list.handler);
    renderPage(<OrderForRoute />, { path: "/admin/order-for", url: "/admin/order-for?name=zzz" });
    expect(await screen.findByText("No active practice has this in its name.")).toBeInTheDocument();
    expect(list.calls.last).toMatchObject({ representation: "zzz" });
  });
});
