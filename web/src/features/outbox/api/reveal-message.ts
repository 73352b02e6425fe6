import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/**
 * POST /api/admin/outbox/:id/reveal: the body with its one-time link put back (the outbox keeps
 * the token hidden); audited. For handing the link over when no email provider is set up.
 */
export function revealMessage(id: number): Promise<{ id: number; body: string }> {
  return apiJson<{ id: number; body: string }>(`/api/admin/outbox/${id}/reveal`, { method: "POST" });
}

export function useRevealMessage() {
  return useMutation({ mutationFn: revealMessage });
}
