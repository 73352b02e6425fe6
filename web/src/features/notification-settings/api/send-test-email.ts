import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type TestSendResult = { message: string; provider: string };

/** POST /api/notification-settings/test: one email now to the signed-in admin. */
export function sendTestEmail(): Promise<TestSendResult> {
  return apiJson<TestSendResult>("/api/notification-settings/test", { method: "POST" });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
