/**
 * Received Quotations (spec section 2): live counts, status and request filters (run on the
 * server), pages of quotation cards, and the review dialogs.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateQuotationStatus } from "../api/update-quotation-status.ts";
import { type Quotation, REVIEW_STATUSES, type ReviewStatus, useQuotations } from "../api/get-quotations.ts";
import { usePurchaseOrdersByQuotation } from "../api/get-purchase-orders.ts";
import { FilterSelect } from "../../../components/filter-select.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { AwardConfirmDialog } from "./award-confirm-dialog.tsx";
import { Pager } from "../../../components/pager.tsx";
import { type QuotationAction, QuotationCard } from "./quotation-card.tsx";
import { QuotationDetailsDialog } from "./quotation-details-dialog.tsx";
import { RejectDialog } from "./reject-dialog.tsx";
import { optionKey, useRequestOptions } from "./request-options.ts";
import { StatsLine } from "./stats-line.tsx";

const PAGE_SIZE = 20;

type Filters = { status?: ReviewStatus; request?: string };

export function ReceivedQuotations() {
  const { t } = useTranslation("quotations");
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<{ action: QuotationAction; quotation: Quotation } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const { options } = useRequestOptions();
  const selected = options.find((o) => o.key === filters.request);
  const query = useQuotations({
    status: filters.status,
    purchaseRequestId: selected?.kind === "purchase_request" ? selected.id : undefined,
    bidRequestId: selected?.kind === "bid_request" ? selected.id : undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const orders = usePurchaseOrdersByQuotation();
  const approve = useUpdateQuotationStatus();
  const change = (next: Filters) => {
    setFilters(next);
    setPage(0);
  };
  const filtered = filters.status !== undefined || filters.request !== undefined;

  return (
    <div className="flex flex-col gap-4">
      <StatsLine />
      <div role="search" className="grid gap-3 sm:grid-cols-2">
        <FilterSelect
          label={t("filters.status")}
          allLabel={t("filters.allStatuses")}
          value={filters.status}
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status) => change({ ...filters, status: status as ReviewStatus | undefined })}
        />
        <FilterSelect
          label={t("filters.request")}
          allLabel={t("filters.allRequests")}
          value={filters.request}
          options={options.map((o) => ({ value: optionKey(o.kind, o.id), label: `${o.number} · ${o.title}` }))}
          onChange={(request) => change({ ...filters, request })}
        />
      </div>
      <ListState
        query={query}
        loadError={t("loadError")}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyNote dashed>{filtered ? t("emptyFiltered") : t("empty")}</EmptyNote>}
      >
        {(data) => (
          <>
            <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
              {data.items.map((quotation) => (
                <QuotationCard
                  key={quotation.id}
                  quotation={quotation}
                  order={orders.data?.get(quotation.id)}
                  onAction={(action, q) => setDialog({ action, quotation: q })}
                />
              ))}
            </div>
            <Pager
              label={t("pager.label")}
              page={page}
              hasNext={(page + 1) * PAGE_SIZE < data.total}
              onPage={setPage}
              position={t("pager.position", { page: page + 1, pages: Math.max(1, Math.ceil(data.total / PAGE_SIZE)) })}
              centered
            />
          </>
        )}
      </ListState>

      {dialog?.action === "view" && <QuotationDetailsDialog id={dialog.quotation.id} onClose={close} />}
      {dialog?.action === "reject" && <RejectDialog quotation={dialog.quotation} onClose={close} />}
      {dialog?.action === "approve" && (
        <AwardConfirmDialog
          target={{
            quotationId: dialog.quotation.id,
            vendorName: dialog.quotation.vendorName,
            requestTitle: dialog.quotation.purchaseRequestTitle,
            requestNumber: dialog.quotation.requestNumber,
            totalAmount: dialog.quotation.totalAmount,
            currency: dialog.quotation.currency,
          }}
          title={t("approve.title", { vendor: isolate(dialog.quotation.vendorName) })}
          confirmLabel={t("actions.approve")}
          onConfirm={async (comment, justification) =>
            (await approve.mutateAsync({ id: dialog.quotation.id, status: "approved", comment, justification }))
              .purchaseOrder}
          onClose={close}
        />
      )}
    </div>
  );
}
