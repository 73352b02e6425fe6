/**
 * Shared-schema messages (spec section 5) arrive in English from zod or from the server; show them
 * in the user's language. Anything else (a server-only message) is shown as the server wrote it.
 */
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { QUOTATION_MESSAGES } from "../../../../../src/shared/schemas/bids.ts";

const BY_TEXT = new Map(
  (Object.entries(QUOTATION_MESSAGES) as [keyof typeof QUOTATION_MESSAGES, string][]).map(([k, v]) => [v, k]),
);

export function useMessageText() {
  const { t } = useTranslation("opportunities");
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = BY_TEXT.get(message);
    return key ? t(`messages.${key}`) : message;
  };
}

/** The server's message of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
