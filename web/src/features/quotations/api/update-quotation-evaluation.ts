import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { QuotationDetail } from "./get-quotation.ts";
import { quotationsQueryKey } from "./get-quotations.ts";

export type EvaluationInput = { id: number; technicalScore: number; comment: string };

/** PUT /api/quotations/{id}/evaluation: the technical score (0-100) that technical and combined ranking use. */
export function updateQuotationEvaluation({ id, technicalScore, comment }: EvaluationInput): Promise<QuotationDetail> {
  return apiJson<QuotationDetail>(`/api/quotations/${id}/evaluation`, {
    method: "PUT",
    json: { technicalScore, comment },
  });
}

export function useUpdateQuotationEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuotationEvaluation,
    // Scores change the ranking, so the comparison matrices refresh too (same key prefix).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotationsQueryKey }),
  });
}
