import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/**
 * URL-encoded forms only where a route says it takes them (`schema.consumes`, documented as a media
 * type of its body): sign-in, as the legacy front end posts it. Every other route takes JSON, whose
 * integers are numbers; a form there is a 415 before the body is read (decisions 013, 028).
 */
export const formsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preParsing", async (request) => {
    const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (type !== FORM_MEDIA_TYPE) return;
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    if (!consumes?.includes(FORM_MEDIA_TYPE)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (application/json).");
    }
  });
});
