import { IdResultSchema, okSchema, SupportRequestSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SupportService } from "./support.service.ts";

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.post(
    "/support/add",
    {
      // Works before sign-in too (user_id 0); a bearer token, when sent, names the user.
      config: { access: "optional" },
      schema: {
        tags: ["support"],
        summary: "Send a Customer Service request; queues an email to the support team",
        body: SupportRequestSchema,
        response: { 200: okSchema(IdResultSchema) },
      },
    },
    async (request) => {
      const id = await support.addRequest(request.user?.userId ?? 0, request.body);
      return { result: 1 as const, data: { id } };
    },
  );
};
