import {
  EnumOptionSchema,
  EnumRequestSchema,
  ORDER_STATUSES,
  okSchema,
  QUICKBOOKS_TYPES,
  USER_LEVELS,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const LISTS = { quickbook_types: QUICKBOOKS_TYPES, order_statuses: ORDER_STATUSES, user_levels: USER_LEVELS };

/** Option lists of the admin forms (SPEC §7 POST /product/enum). Administrators only. */
export const enumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/product/enum",
    {
      config: { access: "admin", invalidatesCaches: false },
      schema: {
        tags: ["catalog"],
        summary: "Option lists for admin forms: quickbook_types (product type), order_statuses, user_levels",
        body: EnumRequestSchema,
        response: { 200: okSchema(z.array(EnumOptionSchema)) },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: LISTS[request.body.category].map(({ id, name }) => ({ id, name })),
    }),
  );
};
