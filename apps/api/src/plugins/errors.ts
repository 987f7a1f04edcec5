import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode } from "@vetportal/contract";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseTimeout, isDatabaseUnavailable } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";

function send(reply: FastifyReply, code: ErrorCode, message?: string, fields?: Record<string, string>) {
  const body: ErrorBody = { result: 0, error: { code, message: message ?? ERROR_MESSAGES[code], fields } };
  return reply.status(ERROR_STATUS[code]).type("application/json").send(body);
}

/** Fastify's own client-error codes we answer with a specific error code. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_REQ_FILE_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_PARTS_LIMIT: "PAYLOAD_TOO_LARGE",
  FST_FILES_LIMIT: "PAYLOAD_TOO_LARGE",
  FST_FIELDS_LIMIT: "PAYLOAD_TOO_LARGE",
};

/**
 * The one error handler (STYLE §5): AppError → its status; schema failures → 400 with per-field
 * messages; an unreachable database, a lost connection or one that does not answer in time → 503;
 * anything else → 500 with a generic message. Stack traces and internal messages only go to the
 * log, with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.fields);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[key] ??= issue.message ?? "Invalid value";
      }
      return send(reply, "VALIDATION_FAILED", undefined, fields);
    }

    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(reply, mapped);

    if (isDatabaseTimeout(error)) {
      request.log.warn({ err: error.message }, "database timeout");
      return send(reply, "DATABASE_UNAVAILABLE", DATABASE_TIMEOUT_MESSAGE);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error.message }, "database unavailable");
      return send(reply, "DATABASE_UNAVAILABLE");
    }

    // Other 4xx from Fastify itself (malformed JSON, empty body with a JSON content type, ...).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) return send(reply, "RATE_LIMITED");
      return send(reply, "VALIDATION_FAILED", `The request could not be read: ${error.message}`);
    }

    request.log.error({ err: error }, "unhandled error");
    return send(reply, "INTERNAL");
  });
});

/** A statement the database did not finish within its limits (docs/decisions/011). */
export const DATABASE_TIMEOUT_MESSAGE = "The database did not answer in time. Please try again in a moment.";
