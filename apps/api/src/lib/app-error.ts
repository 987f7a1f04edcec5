import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from "@vetportal/contract";

/**
 * The one error type services throw for expected failures (STYLE §5). The error handler maps the
 * code to its HTTP status through the contract's ERROR_STATUS table.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = "AppError";
    this.code = code;
    this.fields = fields;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
