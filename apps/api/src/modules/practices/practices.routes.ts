import {
  AddressQueryRequestSchema,
  AddressRequestSchema,
  AddressSchema,
  AddressValidateRequestSchema,
  IdResultSchema,
  PracticeSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { postData } from "../../http/post-data.ts";
import { assertDeliverable, type PracticesService } from "./practices.service.ts";

export const practicesRoutes: FastifyPluginAsyncZod<{ practices: PracticesService }> = async (app, { practices }) => {
  postData(
    app,
    "/address/addressValidate",
    {
      access: "public",
      tags: ["sign-up"],
      summary: "Is this a deliverable US address? (state or DC, ZIP format, ZIP prefix of the state)",
      body: AddressValidateRequestSchema,
      data: z.object({ deliverable: z.literal(true) }),
    },
    (request) => {
      assertDeliverable(request.body);
      return { deliverable: true as const };
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
    (request) => practices.addPractice(null, request.body, { self_registered: true }),
  );

  postData(
    app,
    "/address/query",
    {
      tags: ["users"],
      summary: "Addresses of the signed-in user (admin: of any user or department)",
      body: AddressQueryRequestSchema,
      data: z.array(AddressSchema),
    },
    (request) => practices.listAddresses(request.user, request.body.belong_to, request.body.owner_id),
  );

  postData(
    app,
    "/address/add",
    {
      tags: ["users"],
      summary: "Add an address to oneself (admin: to any user or department)",
      body: AddressRequestSchema,
      data: AddressSchema,
    },
    (request) => practices.addAddress(request.user, request.body),
  );
};
