import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { TestSendResult } from "./send-test-email.ts";

/** POST /api/notification-settings/test-whatsapp */
export function sendTestWhatsapp(body: { phoneNumber: string }): Promise<TestSendResult> {
  return apiJson<TestSendResult>("/api/notification-settings/test-whatsapp", { method: "POST", json: body });
}

export function useSendTestWhatsapp() {
  return useMutation({ mutationFn: sendTestWhatsapp });
}
