import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode, MESSAGES } from "@vetportal/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseTimeout, isDatabaseUnavailable } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { hasCauseCode } from "../lib/error-causes.ts";

function send(reply: FastifyReply, code: ErrorCode, message?: string, fields?: Record<string, string>) {
  const body: ErrorBody = { result: 0, error: { code, message: message ?? ERROR_MESSAGES[code], fields } };
  return reply.status(ERROR_STATUS[code]).type("application/json").send(body);
}

/**
 * Client errors raised by Fastify itself, @fastify/multipart and @fastify/formbody before a handler
 * runs, each with our code and what the client should change (decision 013).
 */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Send the request body as JSON (application/json); sign-in also takes URL-encoded form data.",
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: "UNSUPPORTED_MEDIA_TYPE" },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE" },
  FST_REQ_FILE_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE" },
  FST_PARTS_LIMIT: { code: "PAYLOAD_TOO_LARGE", message: "The form has too many parts." },
  FST_FILES_LIMIT: { code: "PAYLOAD_TOO_LARGE", message: "The form has too many files." },
  FST_FIELDS_LIMIT: { code: "PAYLOAD_TOO_LARGE", message: "The form has too many fields." },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "VALIDATION_FAILED",
    message: "The request body is empty: send a JSON object, or no Content-Type header.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "VALIDATION_FAILED", message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "VALIDATION_FAILED",
    message: "The Content-Length header does not match the request body.",
  },
  FST_PROTO_VIOLATION: { code: "VALIDATION_FAILED", message: "A form field name is not allowed." },
  FST_INVALID_JSON_FIELD_ERROR: { code: "VALIDATION_FAILED", message: "A form field is not valid JSON." },
  FST_ERR_VALIDATION: { code: "VALIDATION_FAILED" },
  FST_ERR_BAD_URL: { code: "VALIDATION_FAILED", message: "The address (URL) is not valid." },
  FST_ERR_MAX_PARAM_LENGTH: { code: "VALIDATION_FAILED", message: "A value in the address (URL) is too long." },
};

/**
 * PostgreSQL errors that only a bad value can cause: class 22 (data exception: 22P02 invalid text
 * representation, 22003 numeric out of range, 22007/22008 bad date, 22021 NUL byte, 22P05
 * untranslatable character, …) and 54000 (program limit, e.g. an index row too large). The
 * contract's primitives refuse these values first; this is the last line of defence.
 */
function isBadValueError(err: unknown): boolean {
  return hasCauseCode(err, (code) => /^22[0-9A-Z]{3}$/.test(code) || code === "54000");
}

/** Our answer to a client error that never reached a handler, or undefined when it is not one. */
export function clientError(error: FastifyError): { code: ErrorCode; message?: string } | undefined {
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  // JSON.parse and secure-json-parse (__proto__ keys) throw a SyntaxError that Fastify marks 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { code: "VALIDATION_FAILED", message: "The request body is not valid JSON." };
  }
  return undefined;
}

/** Answers Fastify's router-level errors (a malformed URL, a too-long parameter) with our envelope. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const mapped = clientError(error) ?? { code: "VALIDATION_FAILED" as const };
  return send(reply, mapped.code, mapped.message);
}

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
        // A field the contract does not declare (decision 027): named under its own key.
        if (issue.keyword === "unrecognized_keys") {
          for (const name of (issue.params as { keys?: string[] }).keys ?? []) {
            fields[key === "body" ? name : `${key}.${name}`] ??= MESSAGES.unknownField;
          }
          continue;
        }
        fields[key] ??= issue.message ?? "Invalid value";
      }
      return send(reply, "VALIDATION_FAILED", undefined, fields);
    }

    const mapped = clientError(error);
    if (mapped) return send(reply, mapped.code, mapped.message);

    if (isDatabaseTimeout(error)) {
      request.log.warn({ err: error.message }, "database timeout");
      return send(reply, "DATABASE_UNAVAILABLE", MESSAGES.databaseTimeout);
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

    if (isBadValueError(error)) {
      request.log.warn({ err: error }, "database refused a value the contract let through");
      return send(reply, "VALIDATION_FAILED", "A value in the request is out of range or not valid text.");
    }

    request.log.error({ err: error }, "unhandled error");
    return send(reply, "INTERNAL");
  });
});
