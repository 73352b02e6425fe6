/** The quotation schema's messages in the user's language (web/src/lib/message-text.ts). */
import { messageKeys, useMessageText as useTranslatedMessage } from "../../../lib/message-text.ts";
import { QUOTATION_MESSAGES } from "../../../../../src/shared/schemas/bids.ts";

const KEYS = messageKeys(QUOTATION_MESSAGES);

export function useMessageText() {
  return useTranslatedMessage("opportunities", KEYS);
}
