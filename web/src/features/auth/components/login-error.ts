import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { serverMessage } from "../../../lib/error-toast.ts";

/** Wrong credentials get the form's own message; rate limiting (429) gets the server's. */
export function loginErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError && error.status === 429) {
    return serverMessage(error) ?? t("auth.tooManyAttempts");
  }
  return t(fallbackKey);
}
