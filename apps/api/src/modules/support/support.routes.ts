import { IdResultSchema, SupportRequestSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postData } from "../../http/post-data.ts";
import type { SupportService } from "./support.service.ts";

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  postData(
    app,
    "/support/add",
    {
      // Works before sign-in too (user_id 0); a bearer token, when sent, names the user.
      access: "optional",
      tags: ["support"],
      summary: "Send a Customer Service request; queues an email to the support team",
      body: SupportRequestSchema,
      data: IdResultSchema,
    },
    async (request) => ({ id: await support.addRequest(request.user?.userId ?? 0, request.body) }),
  );
};
