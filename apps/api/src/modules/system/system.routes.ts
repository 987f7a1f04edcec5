import { HealthSchema, MESSAGES, okSchema, PublicSettingsSchema, ReadinessSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkReadiness } from "./system.service.ts";

const startedAt = Date.now();

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: "Public settings the web app shows (support phone, pet-insurance link, ...)",
        response: { 200: okSchema(PublicSettingsSchema) },
      },
    },
    async () => ({
      result: 1 as const,
      data: {
        support_phone: app.config.SUPPORT_PHONE,
        support_hours: MESSAGES.supportHours,
        large_order_email: app.config.LARGE_ORDER_EMAIL,
        pet_insurance_url: app.config.PET_INSURANCE_URL,
        user_list_practice_column: app.config.CUSTOMER_ID === app.config.PRACTICE_COLUMN_CUSTOMER_ID,
      },
    }),
  );
};
