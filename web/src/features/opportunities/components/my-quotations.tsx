import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Opportunity } from "../api/get-matching-opportunities.ts";
import {
  useVendorQuotations,
  type VendorQuotation,
  type VendorQuotationListRow,
  vendorQuotationQueryOptions,
} from "../api/get-vendor-quotations.ts";
import { MyQuotationCard, type PurchaseOrderComponent } from "./my-quotation-card.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";

/** The request a quotation answers, as an opportunity key ("bid_request:5"). */
export const quotationTarget = (q: Pick<VendorQuotation, "bidRequestId" | "purchaseRequestId">) =>
  q.bidRequestId !== null ? `bid_request:${q.bidRequestId}` : `purchase_request:${q.purchaseRequestId}`;

export const opportunityKey = (o: Opportunity) => `${o.kind}:${o.id}`;

/**
 * The vendor's own quotations. Revise is offered while a quotation is still only submitted and its
 * request is still open to the vendor (it is among the current opportunities).
 */
export function MyQuotations({ opportunities, onRevise, PurchaseOrder }: {
  opportunities: Opportunity[];
  onRevise: (opportunity: Opportunity, quotation: VendorQuotation | undefined) => void;
  PurchaseOrder: PurchaseOrderComponent;
}) {
  const { t } = useTranslation("opportunities");
  const query = useVendorQuotations();
  const queryClient = useQueryClient();
  // The list answers no items: Revise starts from the whole quotation (from blank if it cannot be read).
  const revise = async (opportunity: Opportunity, row: VendorQuotationListRow) =>
    onRevise(opportunity, await queryClient.fetchQuery(vendorQuotationQueryOptions(row.id)).catch(() => undefined));
  const open = new Map(opportunities.map((o) => [opportunityKey(o), o]));
  if (query.isPending) {
    return <Loading />;
  }
  if (query.isError) {
    return <LoadError message={t("my.loadError")} onRetry={() => void query.refetch()} />;
  }
  if (query.quotations.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
        <p className="font-medium">{t("noQuotations")}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {query.quotations.map((quotation) => {
        const opportunity = open.get(quotationTarget(quotation));
        return (
          <MyQuotationCard
            key={quotation.id}
            quotation={quotation}
            PurchaseOrder={PurchaseOrder}
            onRevise={quotation.status === "submitted" && opportunity
              ? () => void revise(opportunity, quotation)
              : undefined}
          />
        );
      })}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t("my.loadMore", { shown: query.quotations.length, total: query.data.pages[0].total })}
        </button>
      )}
    </div>
  );
}
