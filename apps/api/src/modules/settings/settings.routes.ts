import { PortalSettingsInputSchema, PortalSettingsQuerySchema, PortalSettingsSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postData } from "../../http/post-data.ts";
import type { SettingsService } from "./settings.service.ts";

/**
 * Portal settings (issue 23 §5, decision 047): administrators read and save them; everyone reads
 * the public part through GET /api/settings (system.routes.ts).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const admin = { access: "admin" as const, tags: ["settings"] };

  postData(
    app,
    "/settings/query",
    {
      ...admin,
      invalidatesCaches: false,
      summary: "Portal settings in force (saved, or the environment's defaults until the first save)",
      body: PortalSettingsQuerySchema,
      data: PortalSettingsSchema,
    },
    () => settings.current(),
  );

  postData(
    app,
    "/settings/save",
    {
      ...admin,
      summary: "Save the portal settings (support phone, large-order email, pet-insurance link, approval days)",
      body: PortalSettingsInputSchema,
      data: PortalSettingsSchema,
    },
    (request) => settings.save(request.user, request.body),
  );
};
