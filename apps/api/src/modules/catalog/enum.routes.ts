import {
  EnumOptionSchema,
  EnumRequestSchema,
  ORDER_STATUSES,
  QUICKBOOKS_TYPES,
  USER_LEVELS,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { postData } from "../../http/post-data.ts";

const LISTS = { quickbook_types: QUICKBOOKS_TYPES, order_statuses: ORDER_STATUSES, user_levels: USER_LEVELS };

/** Option lists of the admin forms (SPEC §7 POST /product/enum). Administrators only. */
export const enumRoutes: FastifyPluginAsyncZod = async (app) => {
  postData(
    app,
    "/product/enum",
    {
      access: "admin",
      invalidatesCaches: false,
      tags: ["catalog"],
      summary: "Option lists for admin forms: quickbook_types (product type), order_statuses, user_levels",
      body: EnumRequestSchema,
      data: z.array(EnumOptionSchema),
    },
    (request) => LISTS[request.body.category].map(({ id, name }) => ({ id, name })),
  );
};
