/**
 * Telling database errors apart, for both drivers (postgres.js `PostgresError` and PGlite's
 * `DatabaseError` both carry the SQLSTATE in `code`; connection failures carry a Node-style code).
 * A database that cannot be reached is never the client's fault, nor an authentication failure:
 * it answers 503 with Retry-After (src/lib/error-handler.ts).
 */

/** Thrown by src/db/postgres.ts when a query waited longer than the configured limit. */
export class DatabaseUnavailable extends Error {
  constructor(message = "The database did not answer in time", options?: ErrorOptions) {
    super(message, options);
    this.name = "DatabaseUnavailable";
  }
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  // postgres.js
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

const DENO_CONNECTION_ERRORS = new Set([
  "ConnectionRefused",
  "ConnectionReset",
  "ConnectionAborted",
  "NotConnected",
  "TimedOut",
  "BrokenPipe",
  "AddrNotAvailable",
]);

/** The SQLSTATE of a server-side database error, or undefined. */
export function sqlState(e: unknown): string | undefined {
  if (!e || typeof e !== "object") return undefined;
  const { code, severity } = e as { code?: unknown; severity?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string" ? code : undefined;
}

/**
 * True when the error means the database is unreachable or not answering: connection failures,
 * SQLSTATE class 08 (connection exception), 57P01-57P05 (shutdown, cannot connect now), 53300 (too
 * many connections), 57014 (statement timeout), or our own query timeout.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (e instanceof DatabaseUnavailable) return true;
  if (!e || typeof e !== "object") return false;
  const { code, name, cause } = e as { code?: unknown; name?: unknown; cause?: unknown };
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  if (typeof name === "string" && DENO_CONNECTION_ERRORS.has(name)) return true;
  const state = sqlState(e);
  if (state && (state.startsWith("08") || /^57P0[1-5]$/.test(state) || state === "53300" || state === "57014")) {
    return true;
  }
  return cause !== undefined && cause !== e && isDatabaseUnavailable(cause);
}

/** Any error that came from the database (unreachable, or a failed statement). */
export function isDatabaseError(e: unknown): boolean {
  return isDatabaseUnavailable(e) || sqlState(e) !== undefined;
}
