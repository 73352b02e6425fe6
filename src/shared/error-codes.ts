/**
 * Every error the API can answer carries a stable `code` from this table beside its English
 * `message` (and `params` for the {{placeholders}}). The SPA translates by code
 * (web/src/features/errors/locales), so the table is the contract: a code added here without a
 * translation in all five languages fails web/src/locales/locales.test.ts.
 *
 * Keys are `area.name`; the generic per-status codes are what an error without a specific code
 * answers.
 */
export const ERROR_MESSAGES = {
  // generic, one per status
  "generic.badRequest": "The request is not valid",
  "generic.unauthorized": "Unauthorized",
  "generic.forbidden": "You do not have permission to do this",
  "generic.notFound": "Not found",
  "generic.conflict": "This conflicts with the current state. Reload and try again.",
  "generic.payloadTooLarge": "Request body is too large",
  "generic.unsupportedMediaType": "Unsupported file type",
  "generic.tooManyRequests": "Too many requests. Try again later.",
  "generic.serviceUnavailable": "The service is temporarily unavailable. Try again shortly.",
  "generic.internal": "Internal server error",
  "generic.malformedJson": "Malformed JSON body",
  "generic.validation": "{{message}}",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_MESSAGES, value);
}

/** The English text of `code` with its {{params}} filled in. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? `{{${k}}}`));
}
