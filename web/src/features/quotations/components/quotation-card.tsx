import { useTranslation } from "react-i18next";
import { ExtensionRequest } from "./extension-request.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { useCan } from "../../../lib/authorization.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import type { Quotation, QuotationListRow } from "../api/get-quotations.ts";
import { quotationPdfUrl } from "../api/get-quotation-pdf.ts";
import type { PurchaseOrderSummary } from "../api/get-purchase-orders.ts";
import { useUpdateQuotationStatus } from "../api/update-quotation-status.ts";
import { AttachmentLinks } from "./attachment-links.tsx";
import { useFormat } from "./format.ts";
import { ItemsTable } from "./items-table.tsx";
import { PurchaseOrderLink } from "./purchase-order-link.tsx";
import { QuotationStatusBadge } from "./status-badge.tsx";
import { ActionButton } from "../../../components/action-button.tsx";

export type QuotationAction = "view" | "reject" | "approve";

/** Submitted and under-review quotations may still be decided (QUOTATION_TRANSITIONS). */
export const isOpenForDecision = (status: string) => status === "submitted" || status === "under_review";

/** One received quotation (spec section 2) with its review actions for users who may edit quotations. */
export function QuotationCard({ quotation, order, onAction }: {
  quotation: QuotationListRow;
  order?: PurchaseOrderSummary;
  onAction: (action: QuotationAction, quotation: Quotation) => void;
}) {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const canEdit = useCan("quotations.edit");
  const status = useUpdateQuotationStatus();
  const headingId = `quotation-${quotation.id}-title`;
  const vendor = isolate(quotation.vendorName);

  const markUnderReview = () =>
    status.mutate({ id: quotation.id, status: "under_review", comment: "" }, {
      onSuccess: () =>
        toast({ variant: "success", title: t("toast.statusUpdated"), description: t("toast.markedUnderReview") }),
      onError: (error) => toastError(error, t("toast.error"), { fallback: t("toast.statusFailed") }),
    });

  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="card-title text-base break-words" dir="auto">
              {quotation.purchaseRequestTitle}
            </h3>
            <p className="font-mono text-sm text-base-content/70" dir="ltr">{quotation.requestNumber}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {quotation.revision > 1 && (
              <span className="badge badge-ghost">{t("card.revision", { revision: quotation.revision })}</span>
            )}
            <QuotationStatusBadge status={quotation.status} />
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-base-content/60">{t("card.vendor")}</dt>
            <dd className="font-medium break-words">
              <bdi dir="auto">{quotation.vendorName}</bdi>
            </dd>
          </div>
          <div>
            <dt className="text-base-content/60">{t("card.submitted")}</dt>
            <dd>{format.date(quotation.submittedAt)}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">{t("card.totalAmount")}</dt>
            <dd className="font-semibold">{format.money(quotation.totalAmount, quotation.currency)}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">{t("card.validUntil")}</dt>
            <dd className="flex flex-wrap items-center gap-1">
              {format.date(quotation.validUntil)}
              {quotation.expired && <span className="badge badge-error badge-sm">{t("card.expired")}</span>}
            </dd>
          </div>
        </dl>

        {quotation.items.length > 0 && (
          <ItemsTable
            items={quotation.items}
            currency={quotation.currency}
            caption={t("card.itemsCaption", { vendor, title: isolate(quotation.purchaseRequestTitle) })}
          />
        )}
        {/* The list answers the first three items; the details dialog shows every one. */}
        {quotation.itemCount > quotation.items.length && (
          <p className="text-sm text-base-content/70">
            {t("card.moreItems", { shown: quotation.items.length, total: quotation.itemCount })}
          </p>
        )}

        <AttachmentLinks attachments={quotation.attachments} />
        {order && <PurchaseOrderLink order={order} />}

        <div className="card-actions flex-wrap justify-end">
          <ActionButton
            label={t("actions.viewDetails")}
            name={t("actions.viewDetailsOf", { vendor })}
            onClick={() => onAction("view", quotation)}
          />
          <a
            className="btn btn-sm btn-outline"
            href={quotationPdfUrl(quotation.id)}
            download
            aria-label={t("actions.downloadPdfOf", { vendor })}
          >
            {t("actions.downloadPdf")}
          </a>
          {canEdit && isOpenForDecision(quotation.status) && (
            <>
              {quotation.status === "submitted" && (
                <ActionButton
                  label={t("actions.markUnderReview")}
                  className="btn btn-sm btn-outline"
                  disabled={status.isPending}
                  name={t("actions.markUnderReviewOf", { vendor })}
                  onClick={markUnderReview}
                  busy={status.isPending}
                />
              )}
              <ActionButton
                label={t("actions.reject")}
                className="btn btn-sm btn-error btn-outline"
                name={t("actions.rejectOf", { vendor })}
                onClick={() => onAction("reject", quotation)}
              />
              <ExtensionRequest quotation={quotation} vendorName={vendor} />
              {quotation.expired ? null : (
                <ActionButton
                  label={t("actions.approve")}
                  className="btn btn-sm btn-success"
                  name={t("actions.approveOf", { vendor })}
                  onClick={() => onAction("approve", quotation)}
                />
              )}
            </>
          )}
        </div>
      </div>
    </article>
  );
}
