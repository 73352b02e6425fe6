/** The bid request schema's messages in the user's language (web/src/lib/message-text.ts). */
import { messageKeys, useMessageText } from "../../../lib/message-text.ts";
import { BID_MESSAGES } from "../../../../../src/shared/schemas/bids.ts";

const KEYS = messageKeys(BID_MESSAGES);

export function useBidMessageText() {
  return useMessageText("bids", KEYS);
}
