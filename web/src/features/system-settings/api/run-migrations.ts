import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { dbMetricsQueryKey } from "./get-db-metrics.ts";

export type MigrationsResult = { applied: string[]; status: { version: string; name: string; applied: boolean }[] };

/** POST /api/admin/run-migrations */
export function runMigrations(): Promise<MigrationsResult> {
  return apiJson<MigrationsResult>("/api/admin/run-migrations", { method: "POST" });
}

export function useRunMigrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMigrations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dbMetricsQueryKey }),
  });
}
