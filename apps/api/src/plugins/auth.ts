import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";

/**
 * Resolves the bearer token of every route in its scope (all of /api) to request.user before the body is even read.
 * Routes say who may call them with `config.access` ('public' | 'optional' | 'user' | 'admin'; default 'user').
 * Admin rights are decided here, on the server (DESIGN §7).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest("user", null as never);
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access ?? "user";
    if (access === "public") return;
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (access === "optional" && !header) return;
    if (!match?.[1]) throw new AppError("UNAUTHENTICATED");
    request.user = await opts.auth.authenticate(match[1]);
    if (access === "admin" && !request.user.isAdmin) throw new AppError("FORBIDDEN");
  });
});
