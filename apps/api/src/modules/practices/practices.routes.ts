import { AddressValidateRequestSchema, IdResultSchema, okSchema, PracticeSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { postData } from "../../http/post-data.ts";
import { assertDeliverable, type PracticesService } from "./practices.service.ts";

export const practicesRoutes: FastifyPluginAsyncZod<{ practices: PracticesService }> = async (app, { practices }) => {
  app.post(
    "/address/addressValidate",
    {
      config: { access: "public" },
      schema: {
        tags: ["sign-up"],
        summary: "Is this a deliverable US address? (state or DC, ZIP format, ZIP prefix of the state)",
        body: AddressValidateRequestSchema,
        response: { 200: okSchema(z.object({ deliverable: z.literal(true) })) },
      },
    },
    async (request) => {
      assertDeliverable(request.body);
      return { result: 1 as const, data: { deliverable: true as const } };
    },
  );

  postData(
    app,
    "/user/addpractice",
    {
      access: "public",
      tags: ["sign-up"],
      summary: "Create a practice account with its delivery address (sign-up)",
      body: PracticeSchema,
      data: IdResultSchema,
    },
    (request) => practices.addPractice(request.body),
  );
};
