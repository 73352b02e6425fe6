/**
 * Typed errors thrown by handlers; one `onError` turns them into `{ message, code, params?,
 * issues? }` and a status. Anything else becomes a 500 with a generic message (no stack or SQL
 * reaches a client).
 *
 * The first argument is an error code from src/shared/error-codes.ts, never an English sentence:
 * the SPA shows the code's translation, and `message` is the code's English text with its params
 * (web/src/lib/error-codes.test.ts refuses a string literal that is not a code).
 */
import { type ErrorCode, type ErrorParams, errorText } from "../shared/error-codes.ts";

export interface FieldIssue {
  path: string;
  message: string;
}

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

export class HttpError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: ErrorCode,
    readonly extra: Record<string, unknown> = {},
    readonly params?: ErrorParams,
  ) {
    super(errorText(code, params));
  }
  /** The JSON body: message, code, params when given, and any extra fields. */
  body(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...(this.params ? { params: this.params } : {}), ...this.extra };
  }
}

export class BadRequest extends HttpError {
  constructor(code: ErrorCode, readonly issues: FieldIssue[] = [], params?: ErrorParams) {
    super(400, code, issues.length ? { issues } : {}, params);
  }
}
/** A failed schema check: the first issue's message (spec order) with the code "generic.validation". */
export function validationError(issues: FieldIssue[]): BadRequest {
  return new BadRequest("generic.validation", issues, { message: issues[0]?.message ?? "Invalid request" });
}

export class Unauthorized extends HttpError {
  constructor(code: ErrorCode = "generic.unauthorized", params?: ErrorParams) {
    super(401, code, {}, params);
  }
}
export class Forbidden extends HttpError {
  constructor(
    code: ErrorCode = "generic.forbidden",
    extra: Record<string, unknown> = {},
    params?: ErrorParams,
  ) {
    super(403, code, extra, params);
  }
}
export class NotFound extends HttpError {
  constructor(code: ErrorCode = "generic.notFound", params?: ErrorParams) {
    super(404, code, {}, params);
  }
}

/** The value, or a 404 with the code when there is none (a read of one record). */
export function orNotFound<T>(value: T | null | undefined, code: ErrorCode): T {
  if (value === null || value === undefined) throw new NotFound(code);
  return value;
}
export class Conflict extends HttpError {
  constructor(code: ErrorCode, params?: ErrorParams, extra: Record<string, unknown> = {}) {
    super(409, code, extra, params);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(code: ErrorCode = "generic.payloadTooLarge", params?: ErrorParams) {
    super(413, code, {}, params);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(code: ErrorCode = "generic.unsupportedMediaType", params?: ErrorParams) {
    super(415, code, {}, params);
  }
}
export class TooManyRequests extends HttpError {
  constructor(code: ErrorCode, readonly retryAfterSeconds: number, params?: ErrorParams) {
    super(429, code, {}, params);
  }
}
/** The database (or another dependency) is unreachable: never an authentication failure. */
export class ServiceUnavailable extends HttpError {
  constructor(readonly retryAfterSeconds = 5, code: ErrorCode = "generic.serviceUnavailable") {
    super(503, code);
  }
}

/** The server's storage is (nearly) full, or a quota is used up: nothing was written (storage-guard.ts, quotas.ts). */
export class InsufficientStorage extends HttpError {
  readonly retryAfterSeconds = 60;
  constructor(code: ErrorCode = "storage.full", params?: ErrorParams) {
    super(507, code, {}, params);
  }
}
