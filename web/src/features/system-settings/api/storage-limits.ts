import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { StorageLimits, StorageUsage } from "../../../../../src/shared/schemas/storage-limits.ts";

export type StorageLimitsAnswer = StorageLimits & { usage: StorageUsage };

export const storageLimitsQueryKey = ["admin", "storage-limits"] as const;

/** GET /api/admin/storage-limits: the quotas, the retention and what is stored now. */
export function getStorageLimits({ signal }: { signal?: AbortSignal } = {}): Promise<StorageLimitsAnswer> {
  return apiJson<StorageLimitsAnswer>("/api/admin/storage-limits", { signal });
}

export function useStorageLimits() {
  return useQuery(queryOptions({ queryKey: storageLimitsQueryKey, queryFn: getStorageLimits }));
}

/** PUT /api/admin/storage-limits */
export function useSaveStorageLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StorageLimits) =>
      apiJson<StorageLimitsAnswer>("/api/admin/storage-limits", { method: "PUT", json: input }),
    onSuccess: (answer) => queryClient.setQueryData(storageLimitsQueryKey, answer),
  });
}
