import { useTranslation } from "react-i18next";
import { DeadlineTime } from "../../../components/deadline-time.tsx";
import { RecordCard } from "../../../components/record-card.tsx";
import { isolate } from "../../../lib/i18n.ts";
import type { Opportunity } from "../api/get-matching-opportunities.ts";
import { formatDate, formatMoney } from "../../../lib/format.ts";
import { isSealedBid } from "./submit-quotation-dialog.tsx";

/**
 * One opportunity. Upload PDF Quotation (OCR) opens the OCR import (web/src/features/ocr), Manual
 * Entry the Submit Quotation dialog.
 */
export function OpportunityCard({ opportunity, onManualEntry, onUploadPdf, hasQuotation }: {
  opportunity: Opportunity;
  onManualEntry: () => void;
  onUploadPdf: () => void;
  /** The vendor already quoted: Manual Entry then revises that quotation. */
  hasQuotation?: boolean;
}) {
  const { t, i18n } = useTranslation("opportunities");
  const lang = i18n.language;
  const headingId = `opportunity-${opportunity.kind}-${opportunity.id}`;
  return (
    <RecordCard
      id={headingId}
      title={opportunity.title}
      number={opportunity.requestId}
      level="h4"
      bodyClassName="card-body gap-3 p-4"
      badges={
        <div className="flex flex-wrap gap-2">
          {opportunity.category && (
            <span className="badge badge-outline badge-primary" dir="auto">{opportunity.category.name}</span>
          )}
          <span className="badge badge-ghost">
            {opportunity.kind === "bid_request"
              ? t("kind.bidRequest")
              : opportunity.requestType
              ? t(`requestType.${opportunity.requestType}`)
              : t("kind.purchaseRequest")}
          </span>
          {isSealedBid(opportunity) && <span className="badge badge-neutral">{t("sealed")}</span>}
          {hasQuotation && <span className="badge badge-info badge-soft">{t("quoted")}</span>}
        </div>
      }
    >
      <p className="text-sm">
        <span className="text-base-content/60">{t("deadline")}:</span>{" "}
        {formatDate(opportunity.deadline, lang, { utc: true })}
      </p>
      {opportunity.biddingDeadline && (
        <p className="text-sm">
          <span className="text-base-content/60">{t("biddingDeadline")}:</span>{" "}
          <DeadlineTime value={opportunity.biddingDeadline} live={opportunity.kind === "bid_request"} />
        </p>
      )}
      {opportunity.description && (
        <p className="text-sm text-base-content/80 break-words" dir="auto">{opportunity.description}</p>
      )}
      {opportunity.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table table-xs">
            <caption className="sr-only">{t("itemsCaption", { title: isolate(opportunity.title) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("item")}</th>
                <th scope="col" className="text-end">{t("quantity")}</th>
                <th scope="col">{t("unit")}</th>
                <th scope="col" className="text-end">{t("estimatedPrice")}</th>
              </tr>
            </thead>
            <tbody>
              {opportunity.items.map((item) => (
                <tr key={item.id}>
                  <td className="break-words">
                    {item.name}
                    {item.specifications && (
                      <span className="block text-xs text-base-content/60" dir="auto">{item.specifications}</span>
                    )}
                  </td>
                  <td className="text-end">{item.quantity}</td>
                  <td dir="auto">{item.unit}</td>
                  <td className="text-end whitespace-nowrap">{formatMoney(item.estimatedPrice, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* A list row carries the first three items; the quotation dialogs load them all. */}
          {opportunity.itemCount > opportunity.items.length && (
            <p className="mt-1 text-sm text-base-content/70">
              {t("moreItems", { shown: opportunity.items.length, total: opportunity.itemCount })}
            </p>
          )}
        </div>
      )}
      <div className="card-actions flex-wrap justify-end">
        <button type="button" className="btn btn-outline btn-sm" onClick={onUploadPdf}>
          {t("uploadPdf")}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onManualEntry}>
          {t("manualEntry")}
        </button>
      </div>
    </RecordCard>
  );
}
