import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type BiddingMode, type BidRequest, bidRequestsQueryKey, type EvaluationMethod } from "./get-bid-requests.ts";

/** The five-tab form's payload (spec sections 3 and 7); the server computes estimatedBudget itself. */
export type CreateBidRequestInput = {
  title: string;
  description: string;
  department: string;
  categoryId?: number;
  /** ISO 8601 */
  deadline: string;
  biddingStartAt?: string;
  biddingDeadline: string;
  biddingMode: BiddingMode;
  items: {
    itemName: string;
    specification: string;
    quantity: number | string;
    unit: string;
    estimatedPrice: string;
    categoryId?: number;
    technicalRequirements: string;
    evaluationCriteria: string;
  }[];
  qualificationCriteria: string;
  evaluationMethod: EvaluationMethod;
  priceWeight: number;
  technicalWeight: number;
  bondRequired: boolean;
  bondAmount: string;
  vendorPrequalification: boolean;
  minimumYearsExperience: number;
  technicalSpecifications: string;
  commercialTerms: string;
  /** Set when converting that purchase request; the server then takes the items from it. */
  purchaseRequestId?: number;
  status: "draft" | "published";
};

/** POST /api/bid-requests */
export function createBidRequest(input: CreateBidRequestInput): Promise<BidRequest> {
  return apiJson<BidRequest>("/api/bid-requests", { method: "POST", json: input });
}

export function useCreateBidRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBidRequest,
    onSuccess: (_created, input) => {
      void queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey });
      // A converted purchase request gains a history entry (and leaves the list of candidates).
      if (input.purchaseRequestId) void queryClient.invalidateQueries({ queryKey: ["purchase-requests"] });
    },
  });
}
