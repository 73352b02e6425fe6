import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { z } from "zod";
import type { bidRequestSchema } from "../../../../../src/shared/schemas/bids.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

/**
 * The five-tab form's payload (spec sections 3 and 7): the server's schema as it parses it, since
 * the form fills in every field the server would default. The server computes estimatedBudget
 * itself; a purchaseRequestId converts that purchase request, whose items the server then takes.
 */
export type CreateBidRequestInput = z.infer<typeof bidRequestSchema>;

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
