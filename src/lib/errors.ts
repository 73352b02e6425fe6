/**
 * Typed errors thrown by handlers; one `onError` turns them into `{ message, issues? }` and a
 * status. Anything else becomes a 500 with a generic message (no stack or SQL reaches a client).
 */
export interface FieldIssue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, readonly issues: FieldIssue[] = []) {
    super(400, message, issues.length ? { issues } : {});
  }
}
export class Unauthorized extends HttpError {
  constructor(message = "Unauthorized") {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = "Forbidden", extra: Record<string, unknown> = {}) {
    super(403, message, extra);
  }
}
export class NotFound extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message = "File is too large") {
    super(413, message);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(message = "Unsupported file type") {
    super(415, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}
