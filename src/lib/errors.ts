/**
 * Typed errors thrown by handlers; one `onError` turns them into `{ message, code, params?,
 * issues? }` and a status. Anything else becomes a 500 with a generic message (no stack or SQL
 * reaches a client).
 *
 * The first argument is an error code from src/shared/error-codes.ts (preferred: the SPA
 * translates it) or, for older call sites, an English message, which then answers the generic code
 * of its status.
 */
import { type ErrorCode, type ErrorParams, errorText, isErrorCode } from "../shared/error-codes.ts";

export interface FieldIssue {
  path: string;
  message: string;
}

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const GENERIC: Record<HttpStatus, ErrorCode> = {
  400: "generic.badRequest",
  401: "generic.unauthorized",
  403: "generic.forbidden",
  404: "generic.notFound",
  409: "generic.conflict",
  413: "generic.payloadTooLarge",
  415: "generic.unsupportedMediaType",
  429: "generic.tooManyRequests",
  503: "generic.serviceUnavailable",
};

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  constructor(
    readonly status: HttpStatus,
    codeOrMessage: ErrorCode | string,
    readonly extra: Record<string, unknown> = {},
    params?: ErrorParams,
  ) {
    const known = isErrorCode(codeOrMessage);
    super(known ? errorText(codeOrMessage, params) : codeOrMessage);
    this.code = known ? codeOrMessage : GENERIC[status];
    this.params = params;
  }
  /** The JSON body: message, code, params when given, and any extra fields. */
  body(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...(this.params ? { params: this.params } : {}), ...this.extra };
  }
}

export class BadRequest extends HttpError {
  constructor(codeOrMessage: ErrorCode | string, readonly issues: FieldIssue[] = [], params?: ErrorParams) {
    super(400, codeOrMessage, issues.length ? { issues } : {}, params);
  }
}
/** A failed schema check: the first issue's message (spec order) with the code "generic.validation". */
export function validationError(issues: FieldIssue[]): BadRequest {
  return new BadRequest("generic.validation", issues, { message: issues[0]?.message ?? "Invalid request" });
}

export class Unauthorized extends HttpError {
  constructor(codeOrMessage: ErrorCode | string = "generic.unauthorized", params?: ErrorParams) {
    super(401, codeOrMessage, {}, params);
  }
}
export class Forbidden extends HttpError {
  constructor(
    codeOrMessage: ErrorCode | string = "generic.forbidden",
    extra: Record<string, unknown> = {},
    params?: ErrorParams,
  ) {
    super(403, codeOrMessage, extra, params);
  }
}
export class NotFound extends HttpError {
  constructor(codeOrMessage: ErrorCode | string = "generic.notFound", params?: ErrorParams) {
    super(404, codeOrMessage, {}, params);
  }
}
export class Conflict extends HttpError {
  constructor(codeOrMessage: ErrorCode | string, params?: ErrorParams, extra: Record<string, unknown> = {}) {
    super(409, codeOrMessage, extra, params);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(codeOrMessage: ErrorCode | string = "generic.payloadTooLarge", params?: ErrorParams) {
    super(413, codeOrMessage, {}, params);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(codeOrMessage: ErrorCode | string = "generic.unsupportedMediaType", params?: ErrorParams) {
    super(415, codeOrMessage, {}, params);
  }
}
export class TooManyRequests extends HttpError {
  constructor(codeOrMessage: ErrorCode | string, readonly retryAfterSeconds: number, params?: ErrorParams) {
    super(429, codeOrMessage, {}, params);
  }
}
/** The database (or another dependency) is unreachable: never an authentication failure. */
export class ServiceUnavailable extends HttpError {
  constructor(readonly retryAfterSeconds = 5, codeOrMessage: ErrorCode | string = "generic.serviceUnavailable") {
    super(503, codeOrMessage);
  }
}
