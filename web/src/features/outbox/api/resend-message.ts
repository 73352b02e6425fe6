import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type OutboxMessage, outboxQueryKey } from "./get-outbox.ts";

/** POST /api/admin/outbox/:id/resend: a failed message goes back in the queue for a fresh round. */
export function resendMessage(id: number): Promise<OutboxMessage> {
  return apiJson<OutboxMessage>(`/api/admin/outbox/${id}/resend`, { method: "POST" });
}

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
