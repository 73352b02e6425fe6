import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type ConnectionResult = { ok: boolean; responseTime: number };

/** POST /api/admin/test-db-connection */
export function testDbConnection(): Promise<ConnectionResult> {
  return apiJson<ConnectionResult>("/api/admin/test-db-connection", { method: "POST" });
}

export function useTestDbConnection() {
  return useMutation({ mutationFn: testDbConnection });
}
