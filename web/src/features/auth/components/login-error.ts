import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { errorCodeText } from "../../../lib/error-toast.ts";

/** Answers whose own reason the user needs to see (translated by code), not the form's generic text. */
const OWN_REASON = new Set(["auth.accountDeactivated"]);

/**
 * Wrong credentials get the form's own message. A deactivated account (told only after the right
 * password) and rate limiting (429, 413) get the server's reason in the user's language.
 */
export function loginErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  const own = (error.code && OWN_REASON.has(error.code)) || error.status === 429 || error.status === 413;
  if (!own) return t(fallbackKey);
  const translated = error.code ? errorCodeText(error.code, error.params) : undefined;
  return translated ?? error.serverMessage ?? t(error.status === 429 ? "auth.tooManyAttempts" : fallbackKey);
}
