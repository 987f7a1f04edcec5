import {
  CheckPasswordLinkRequestSchema,
  ErrorBodySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  okSchema,
  PrivilegesSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SetPasswordRequestSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthService } from "./auth.service.ts";

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    "/auth",
    {
      // A sign-in adds a session and throttle counts; no cached value changes.
      config: { access: "public", invalidatesCaches: false },
      schema: {
        tags: ["auth"],
        summary: "Sign in (form data or JSON): method=address for practices, method=password for staff",
        consumes: ["application/json", "application/x-www-form-urlencoded"],
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      request.body.method === "address"
        ? auth.signInByAddress(request.body, request.ip)
        : auth.signInByPassword(request.body, request.ip),
  );

  app.post(
    "/auth/refresh",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary:
          "Rotate the session's tokens: a new id token and a new refresh token; the refresh token sent is retired, and sending a retired one revokes the session",
        body: RefreshRequestSchema,
        response: { 200: RefreshResponseSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => ({ result: 1 as const, data: await auth.refresh(request.body.refresh_token, request.ip) }),
  );

  app.post(
    "/auth/setPassword",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Set a password with a one-time set-password link's token; every session of the user ends",
        body: SetPasswordRequestSchema,
        response: { 200: okSchema(z.null()), 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await auth.setPasswordWithLink(request.body.token, request.body.password, request.ip);
      return { result: 1 as const, data: null };
    },
  );

  app.post(
    "/auth/checkPasswordLink",
    {
      // A read (and a throttle count): no cached value changes.
      config: { access: "public", invalidatesCaches: false },
      schema: {
        tags: ["auth"],
        summary: "Whether a set-password link's token still works (404 when it is unknown, used, voided or expired)",
        body: CheckPasswordLinkRequestSchema,
        response: { 200: okSchema(z.null()), 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await auth.checkPasswordLink(request.body.token, request.ip);
      return { result: 1 as const, data: null };
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: { tags: ["auth"], summary: "Revoke the current session", response: { 200: okSchema(z.null()) } },
    },
    async (request) => {
      await auth.logout(request.user.sessionId);
      return { result: 1 as const, data: null };
    },
  );

  app.post(
    "/useradmin/previlege",
    {
      config: { invalidatesCaches: false },
      schema: {
        tags: ["auth"],
        summary: "The signed-in user's level and privileges",
        response: { 200: okSchema(PrivilegesSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: auth.privilegesOf(request.user) }),
  );
};
