import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";

export type DemoAccount = { role: string; signIn: string; password: string };
export type AppMetaInfo = { version: string; demoMode: boolean; demoAccounts?: DemoAccount[] };

/** GET /api/meta: build version and whether the demo seed (and its credentials) is active. */
export function getMeta({ signal }: { signal?: AbortSignal } = {}): Promise<AppMetaInfo> {
  return apiJson<AppMetaInfo>("/api/meta", { signal });
}

export const metaQueryOptions = () => queryOptions({ queryKey: ["meta"], queryFn: getMeta });

export function useMeta() {
  return useQuery(metaQueryOptions());
}
