import { okSchema, SupportRequestSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { queueEmail } from "../mail/outbox.repository.ts";
import { insertSupportRequest } from "./support.repository.ts";

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/support/add",
    {
      // Works before sign-in too (user_id 0); a bearer token, when sent, names the user.
      config: { access: "optional" },
      schema: {
        tags: ["support"],
        summary: "Send a Customer Service request; queues an email to the support team",
        body: SupportRequestSchema,
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const body = request.body;
      const userId = request.user?.userId ?? 0;
      const id = await app.db.transaction(async (tx) => {
        const id = await insertSupportRequest(tx, {
          ...body,
          customer_id: app.config.CUSTOMER_ID,
          user_id: userId,
          method: "EMAIL",
        });
        await queueEmail(tx, {
          kind: "support_request",
          to: [app.config.SUPPORT_EMAIL],
          cc: [],
          subject: `Customer Service: ${body.support_category} (#${id})`,
          text: [
            `Support request #${id}`,
            `From: ${body.full_name} <${body.email}>, ${body.phone}`,
            `User id: ${userId}`,
            `Area: ${body.support_category}`,
            "",
            body.description,
          ].join("\n"),
        });
        return id;
      });
      return { result: 1 as const, data: { id } };
    },
  );
};
