import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./deps.ts";
import { HttpError, ServiceUnavailable, TooManyRequests } from "./errors.ts";

/** Maps typed errors to `{ message, ...extra }`; anything unexpected is logged and answered 500 without details. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HttpError) {
    if (err instanceof TooManyRequests || err instanceof ServiceUnavailable) {
      c.header("Retry-After", String(err.retryAfterSeconds));
    }
    return c.json(err.body(), err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own (body limit, malformed JSON in validators): keep the status, give a plain message.
    const status = err.status;
    if (status === 413) return c.json({ message: "Request body is too large", code: "generic.payloadTooLarge" }, 413);
    return c.json({ message: err.message || "Bad request", code: "generic.badRequest" }, status);
  }
  if (err instanceof SyntaxError) return c.json({ message: "Malformed JSON body", code: "generic.malformedJson" }, 400);
  const requestId = c.get("requestId");
  c.get("deps").logger.error("unhandled error", {
    requestId,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return c.json({ message: "Internal server error", code: "generic.internal", requestId }, 500);
};
