/**
 * The shared schema's messages (spec section 5) arrive in English, from zod here or from the server;
 * show them in the user's language. A message the schema does not know is shown as the server wrote it.
 */
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { BID_MESSAGES } from "../../../../../src/shared/schemas/bids.ts";

type MessageKey = keyof typeof BID_MESSAGES;

const BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(BID_MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

export function useBidMessageText() {
  const { t } = useTranslation("bids");
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
