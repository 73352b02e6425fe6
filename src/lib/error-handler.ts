import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./deps.ts";
import { BadRequest, Conflict, HttpError, InsufficientStorage, ServiceUnavailable, TooManyRequests } from "./errors.ts";
import { isDatabaseUnavailable, sqlState } from "../db/errors.ts";

/** Seconds a client is asked to wait when the database is unreachable. */
export const DB_RETRY_AFTER_SECONDS = 5;

/**
 * A database error a client's request can cause, as the typed error it means: a unique violation
 * is a conflict (two people saving the same name, a double click), a bad reference or a value the
 * column cannot hold is a bad request, and an unreachable database is 503. Undefined otherwise.
 */
export function databaseHttpError(err: unknown): HttpError | undefined {
  if (isDatabaseUnavailable(err)) return new ServiceUnavailable(DB_RETRY_AFTER_SECONDS, "input.databaseUnavailable");
  const state = sqlState(err);
  if (!state) return undefined;
  const detail = String((err as { detail?: unknown }).detail ?? "");
  switch (state) {
    case "23505": // unique_violation
    case "23P01": // exclusion_violation
      return new Conflict("input.duplicate");
    case "23001": // restrict_violation: a row still in use by an `on delete restrict` key
      return new Conflict("input.stillReferenced");
    case "23503": // foreign_key_violation: a missing target (insert) or a row still in use (delete)
      return /still referenced/i.test(detail) || /still referenced/i.test(String((err as Error).message))
        ? new Conflict("input.stillReferenced")
        : new BadRequest("input.unknownReference");
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
    case "55P03": // lock_not_available
      return new Conflict("input.concurrentChange");
    case "22001": // string_data_right_truncation
      return new BadRequest("input.tooLong");
    case "22P02": // invalid_text_representation
    case "22003": // numeric_value_out_of_range
    case "22007": // invalid_datetime_format
    case "22008": // datetime_field_overflow
    case "22021": // character_not_in_repertoire (a null byte)
    case "22P05": // untranslatable_character
    case "22023": // invalid_parameter_value
    case "22004": // null_value_not_allowed
    case "2202E": // array_subscript_error
    case "22026": // string_data_length_mismatch
    case "22012": // division_by_zero
    case "23502": // not_null_violation
    case "23514": // check_violation
    case "54000": // program_limit_exceeded (e.g. an index row too large)
      return new BadRequest("input.invalidValue");
    case "53100": // disk_full
      return new InsufficientStorage();
  }
  return undefined;
}

function answer(err: HttpError, c: Context<AppEnv>) {
  if (err instanceof TooManyRequests || err instanceof ServiceUnavailable || err instanceof InsufficientStorage) {
    c.header("Retry-After", String(err.retryAfterSeconds));
  }
  return c.json(err.body(), err.status);
}

/** Maps typed errors to `{ message, ...extra }`; anything unexpected is logged and answered 500 without details. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HttpError) return answer(err, c);
  if (err instanceof HTTPException) {
    // Hono's own (body limit, malformed JSON in validators): keep the status, give a plain message.
    const status = err.status;
    if (status === 413) return c.json({ message: "Request body is too large", code: "generic.payloadTooLarge" }, 413);
    return c.json({ message: err.message || "Bad request", code: "generic.badRequest" }, status);
  }
  if (err instanceof SyntaxError) return c.json({ message: "Malformed JSON body", code: "generic.malformedJson" }, 400);
  const mapped = databaseHttpError(err);
  if (mapped) {
    // Worth a look (a missing check, or an outage), not an error: the client got a proper answer.
    c.get("deps").logger.warn("database error answered", {
      requestId: c.get("requestId"),
      status: mapped.status,
      sqlState: sqlState(err),
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
    // The disk filled between two measurements: the next write measures again.
    if (mapped instanceof InsufficientStorage) c.get("deps").storage?.forget();
    return answer(mapped, c);
  }
  const requestId = c.get("requestId");
  c.get("deps").logger.error("unhandled error", {
    requestId,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return c.json({ message: "Internal server error", code: "generic.internal", requestId }, 500);
};
