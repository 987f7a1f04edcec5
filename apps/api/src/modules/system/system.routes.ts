import { HealthSchema, MESSAGES, okSchema, PublicSettingsSchema, ReadinessSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SettingsService } from "../settings/settings.service.ts";
import { checkReadiness } from "./system.service.ts";

const startedAt = Date.now();

export const systemRoutes: FastifyPluginAsyncZod<{ settings: Pick<SettingsService, "current"> }> = async (
  app,
  { settings },
) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Liveness and database reachability (503 while the database is down)",
        response: { 200: okSchema(HealthSchema), 503: okSchema(HealthSchema) },
      },
    },
    async (_request, reply) => {
      const up = await Promise.race([
        app.database.ping().catch(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
      ]);
      reply.status(up ? 200 : 503);
      return {
        result: 1 as const,
        data: {
          status: up ? ("ok" as const) : ("degraded" as const),
          database: up ? ("up" as const) : ("down" as const),
          driver: app.database.driver,
          uptime_s: Math.round((Date.now() - startedAt) / 1000),
        },
      };
    },
  );

  app.get(
    "/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary:
          "Readiness: the database answers, every migration is applied, the outbox is not stuck (503 with the reasons otherwise)",
        response: { 200: okSchema(ReadinessSchema), 503: okSchema(ReadinessSchema) },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.database, { sendsMail: Boolean(app.config.SMTP_URL) });
      reply.status(readiness.status === "ready" ? 200 : 503).header("cache-control", "no-store");
      return { result: 1 as const, data: readiness };
    },
  );

  app.get(
    "/settings",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary:
          "Public settings the web app shows (support phone, pet-insurance link, ...): an administrator's saved values, or the environment's",
        response: { 200: okSchema(PublicSettingsSchema) },
      },
    },
    async () => {
      const saved = await settings.current();
      return {
        result: 1 as const,
        data: {
          support_phone: saved.support_phone,
          support_hours: MESSAGES.supportHours,
          large_order_email: saved.large_order_email,
          pet_insurance_url: saved.pet_insurance_url,
          user_list_practice_column: app.config.CUSTOMER_ID === app.config.PRACTICE_COLUMN_CUSTOMER_ID,
        },
      };
    },
  );
};
