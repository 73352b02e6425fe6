import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/admin/clear-cache */
export function clearCache(): Promise<{ message: string }> {
  return apiJson<{ message: string }>("/api/admin/clear-cache", { method: "POST" });
}

export function useClearCache() {
  return useMutation({ mutationFn: clearCache });
}
