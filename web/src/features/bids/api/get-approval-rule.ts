import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { bidRequestsQueryKey } from "./get-bid-requests.ts";

export type ApprovalRule = { threshold: string };

/** GET /api/bid-requests/approval-rule: a new bid estimated above the threshold needs manager and finance approval. */
export function getApprovalRule({ signal }: { signal?: AbortSignal } = {}): Promise<ApprovalRule> {
  return apiJson<ApprovalRule>("/api/bid-requests/approval-rule", { signal });
}

export const approvalRuleQueryOptions = () =>
  queryOptions({
    queryKey: [...bidRequestsQueryKey, "approval-rule"],
    queryFn: ({ signal }) => getApprovalRule({ signal }),
  });

export function useApprovalRule() {
  return useQuery(approvalRuleQueryOptions());
}
