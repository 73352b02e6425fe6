import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { openOpportunitiesQueryOptions, type Opportunity } from "../api/get-matching-opportunities.ts";
import { ShowMore } from "./show-more.tsx";
import {
  useVendorQuotations,
  type VendorQuotation,
  type VendorQuotationListRow,
  vendorQuotationQueryOptions,
} from "../api/get-vendor-quotations.ts";
import { MyQuotationCard, type PurchaseOrderComponent } from "./my-quotation-card.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";

/** The request a quotation answers, as an opportunity key ("bid_request:5"). */
export const quotationTarget = (q: Pick<VendorQuotation, "bidRequestId" | "purchaseRequestId">) =>
  q.bidRequestId !== null ? `bid_request:${q.bidRequestId}` : `purchase_request:${q.purchaseRequestId}`;

export const opportunityKey = (o: Opportunity) => `${o.kind}:${o.id}`;

/**
 * The vendor's own quotations. Revise is offered while a quotation is still only submitted and its
 * request is still open to the vendor (GET /api/vendor/matching-prs?ids= answers it).
 */
export function MyQuotations({ onRevise, PurchaseOrder }: {
  onRevise: (opportunity: Opportunity, quotation: VendorQuotation | undefined) => void;
  PurchaseOrder: PurchaseOrderComponent;
}) {
  const { t } = useTranslation("opportunities");
  const query = useVendorQuotations();
  const queryClient = useQueryClient();
  // The list answers no items: Revise starts from the whole quotation (from blank if it cannot be read).
  const revise = async (opportunity: Opportunity, row: VendorQuotationListRow) =>
    onRevise(opportunity, await queryClient.fetchQuery(vendorQuotationQueryOptions(row.id)).catch(() => undefined));
  // Which requests of the submitted quotations shown are still open to the vendor: asked by id (the
  // opportunity list is paged too), 100 at a time.
  const revisable = [...new Set(query.quotations.filter((q) => q.status === "submitted").map(quotationTarget))];
  const chunks = Array.from(
    { length: Math.ceil(revisable.length / 100) },
    (_, n) => revisable.slice(n * 100, n * 100 + 100),
  );
  const openQueries = useQueries({ queries: chunks.map((keys) => openOpportunitiesQueryOptions(keys)) });
  const open = new Map(openQueries.flatMap((q) => q.data ?? []).map((o) => [opportunityKey(o), o]));
  return (
    <ListState
      query={query}
      loadError={t("my.loadError")}
      isEmpty={() => query.quotations.length === 0}
      empty={<EmptyNote dashed>{t("noQuotations")}</EmptyNote>}
    >
      {() => (
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
          <ShowMore query={query} shown={query.quotations.length} />
        </div>
      )}
    </ListState>
  );
}
