/** The purchase request schema's messages in the user's language (web/src/lib/message-text.ts). */
import { ApiError } from "../../../lib/api-client.ts";
import { messageKeys, useMessageText as useTranslatedMessage } from "../../../lib/message-text.ts";
import { PR_MESSAGES, rejectSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";

const REJECT_REASON = rejectSchema.safeParse({ comment: "" }).error?.issues[0]?.message;

const KEYS = messageKeys({ ...PR_MESSAGES, ...(REJECT_REASON ? { rejectReason: REJECT_REASON } : {}) });

export function useMessageText() {
  return useTranslatedMessage("requests", KEYS);
}

export function isStaleError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.serverMessage === PR_MESSAGES.stale;
}
