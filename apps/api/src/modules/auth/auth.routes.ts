import {
  ActingSessionSchema,
  CheckPasswordLinkRequestSchema,
  CurrentActingSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  PrivilegesSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SetPasswordRequestSchema,
  StartActingRequestSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type App, postData } from "../../http/post-data.ts";
import type { AuthService } from "./auth.service.ts";

const tags = ["auth"];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  postData(
    app,
    "/auth",
    {
      // A sign-in adds a session and throttle counts; no cached value changes.
      access: "public",
      invalidatesCaches: false,
      tags,
      summary: "Sign in (form data or JSON): method=address for practices, method=password for staff",
      consumes: ["application/json", "application/x-www-form-urlencoded"],
      body: LoginRequestSchema,
      answer: LoginResponseSchema,
      errors: [401, 429],
    },
    (request) =>
      request.body.method === "address"
        ? auth.signInByAddress(request.body, request.ip)
        : auth.signInByPassword(request.body, request.ip),
  );

  postData(
    app,
    "/auth/refresh",
    {
      access: "public",
      tags,
      summary:
        "Rotate the session's tokens: a new id token and a new refresh token; the refresh token sent is retired, and sending a retired one revokes the session",
      body: RefreshRequestSchema,
      answer: RefreshResponseSchema,
      errors: [401, 429],
    },
    async (request) => ({ result: 1 as const, data: await auth.refresh(request.body.refresh_token, request.ip) }),
  );

  postData(
    app,
    "/auth/setPassword",
    {
      access: "public",
      tags,
      summary: "Set a password with a one-time set-password link's token; every session of the user ends",
      body: SetPasswordRequestSchema,
      data: z.null(),
      errors: [404, 429],
    },
    async (request) => {
      await auth.setPasswordWithLink(request.body.token, request.body.password, request.ip);
      return null;
    },
  );

  postData(
    app,
    "/auth/checkPasswordLink",
    {
      // A read (and a throttle count): no cached value changes.
      access: "public",
      invalidatesCaches: false,
      tags,
      summary: "Whether a set-password link's token still works (404 when it is unknown, used, voided or expired)",
      body: CheckPasswordLinkRequestSchema,
      data: z.null(),
      errors: [404, 429],
    },
    async (request) => {
      await auth.checkPasswordLink(request.body.token, request.ip);
      return null;
    },
  );

  postData(app, "/auth/logout", { tags, summary: "Revoke the current session", data: z.null() }, async (request) => {
    await auth.logout(request.user.sessionId);
    return null;
  });

  postData(
    app,
    "/useradmin/previlege",
    { invalidatesCaches: false, tags, summary: "The signed-in user's level and privileges", data: PrivilegesSchema },
    (request) => auth.privilegesOf(request.user),
  );

  orderForRoutes(app, auth);
};

/** Ordering on a practice's behalf (decision 042): a session of the administrator's that acts for a practice. */
function orderForRoutes(app: App, auth: AuthService) {
  const orderFor = ["order-for"];
  postData(
    app,
    "/orderfor/start",
    {
      access: "admin",
      tags: orderFor,
      summary:
        "Open a session that orders for a practice (admin): every request with its token runs as the practice, with a practice's rights only; the caller's own session is unchanged",
      body: StartActingRequestSchema,
      data: ActingSessionSchema,
    },
    (request) => auth.startActing(request.user, request.body.user_id),
  );

  postData(
    app,
    "/orderfor/stop",
    {
      tags: orderFor,
      summary:
        "End the session that orders for a practice: true when it did; any other session is left as it is (false)",
      data: z.boolean(),
    },
    (request) => auth.stopActing(request.user),
  );

  postData(
    app,
    "/orderfor/current",
    {
      invalidatesCaches: false,
      tags: orderFor,
      summary: "The practice this session orders for and the administrator, or null",
      data: CurrentActingSchema,
    },
    (request) => auth.currentActing(request.user),
  );
}
