/**
 * Shared-schema messages (spec section 5) arrive in English from zod or from the server; show them
 * in the user's language. Anything else (a server-only message) is shown as the server wrote it.
 */
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { PR_MESSAGES, rejectSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";

type MessageKey = keyof typeof PR_MESSAGES | "rejectReason";

const REJECT_REASON = rejectSchema.safeParse({ comment: "" }).error?.issues[0]?.message;

const BY_TEXT = new Map<string, MessageKey>([
  ...(Object.entries(PR_MESSAGES) as [keyof typeof PR_MESSAGES, string][]).map(([k, v]) => [v, k] as const),
  ...(REJECT_REASON ? [[REJECT_REASON, "rejectReason"] as const] : []),
]);

export function useMessageText() {
  const { t } = useTranslation("requests");
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

export function isStaleError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.serverMessage === PR_MESSAGES.stale;
}
