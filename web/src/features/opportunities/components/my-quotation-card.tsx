import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { RecordCard } from "../../../components/record-card.tsx";
import { purchaseOrderPdfUrl } from "../api/get-purchase-order-pdf.ts";
import type { VendorQuotationListRow } from "../api/get-vendor-quotations.ts";
import { formatDate, formatMoney } from "../../../lib/format.ts";
import { QuotationStatusBadge } from "./quotation-status-badge.tsx";
import { ExtendValidity } from "./extend-validity.tsx";

/** One of the vendor's quotations: where it stands, and Revise while it can still be replaced. */
/** The purchase-orders feature's view of an order for its vendor, as the app hands it in. */
export type PurchaseOrderComponent = ComponentType<{ id: number }>;

export function MyQuotationCard({ quotation, onRevise, PurchaseOrder }: {
  quotation: VendorQuotationListRow;
  onRevise?: () => void;
  PurchaseOrder: PurchaseOrderComponent;
}) {
  const { t, i18n } = useTranslation("opportunities");
  const lang = i18n.language;
  const headingId = `my-quotation-${quotation.id}`;
  return (
    <RecordCard
      id={headingId}
      title={quotation.purchaseRequestTitle}
      number={quotation.requestNumber}
      level="h4"
      bodyClassName="card-body gap-2 p-4"
      badges={
        <div className="flex flex-wrap items-center gap-2">
          {quotation.revision > 1 && (
            <span className="badge badge-ghost">{t("my.revision", { revision: quotation.revision })}</span>
          )}
          <QuotationStatusBadge status={quotation.status} />
        </div>
      }
    >
      <dl className="grid grid-cols-3 gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="text-base-content/60">{t("my.total")}</dt>
          <dd className="font-semibold">{formatMoney(quotation.totalAmount, lang)}</dd>
        </div>
        <div>
          <dt className="text-base-content/60">{t("my.validUntil")}</dt>
          <dd>{formatDate(quotation.validUntil, lang)}</dd>
        </div>
        <div>
          <dt className="text-base-content/60">{t("my.submitted")}</dt>
          <dd>{formatDate(quotation.submittedAt, lang)}</dd>
        </div>
      </dl>
      {quotation.purchaseOrder && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            {t("my.purchaseOrder")}:{" "}
            <span className="font-mono font-semibold" dir="ltr">{quotation.purchaseOrder.poNumber}</span>
          </span>
          <a
            className="link link-primary"
            href={purchaseOrderPdfUrl(quotation.purchaseOrder.id)}
            download={`${quotation.purchaseOrder.poNumber}.pdf`}
          >
            {t("my.downloadPo")}
          </a>
          <PurchaseOrder id={quotation.purchaseOrder.id} />
        </div>
      )}
      {!quotation.purchaseOrder && (quotation.expired || quotation.extensionRequestedAt) &&
        ["submitted", "under_review"].includes(quotation.status) && (
        <ExtendValidity id={quotation.id} requested={!!quotation.extensionRequestedAt} />
      )}
      {onRevise && (
        <div className="card-actions flex-wrap justify-end">
          <button type="button" className="btn btn-sm btn-outline" onClick={onRevise}>{t("my.revise")}</button>
        </div>
      )}
    </RecordCard>
  );
}
