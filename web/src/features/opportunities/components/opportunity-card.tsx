import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../../src/shared/money.ts";
import type { Opportunity } from "../api/get-matching-opportunities.ts";

function money(value: string | number, lang: string) {
  try {
    return formatMoney(value, lang);
  } catch {
    return formatMoney(value);
  }
}

function deadline(iso: string, lang: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  // Deadlines are calendar dates stored as UTC midnight: show that day everywhere.
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };
  try {
    return new Intl.DateTimeFormat(lang, options).format(date);
  } catch {
    return new Intl.DateTimeFormat("en", options).format(date);
  }
}

/**
 * One opportunity. The two quotation buttons are shown but disabled until quotation submission
 * ships (a later release); the tooltip and a described-by note say so.
 */
export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  const { t, i18n } = useTranslation("opportunities");
  const lang = i18n.language;
  const noteId = useId();
  const headingId = `opportunity-${opportunity.kind}-${opportunity.id}`;
  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h4 id={headingId} className="card-title text-base break-words">{opportunity.title}</h4>
            <p className="font-mono text-sm text-base-content/70" dir="ltr">{opportunity.requestId}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {opportunity.category && (
              <span className="badge badge-outline badge-primary">{opportunity.category.name}</span>
            )}
            <span className="badge badge-ghost">
              {opportunity.kind === "bid_request"
                ? t("kind.bidRequest")
                : opportunity.requestType
                ? t(`requestType.${opportunity.requestType}`)
                : t("kind.purchaseRequest")}
            </span>
          </div>
        </div>
        <p className="text-sm">
          <span className="text-base-content/60">{t("deadline")}:</span> {deadline(opportunity.deadline, lang)}
        </p>
        {opportunity.biddingDeadline && (
          <p className="text-sm">
            <span className="text-base-content/60">{t("biddingDeadline")}:</span>{" "}
            {deadline(opportunity.biddingDeadline, lang)}
          </p>
        )}
        {opportunity.description && (
          <p className="text-sm text-base-content/80 break-words">{opportunity.description}</p>
        )}
        {opportunity.items.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-xs">
              <caption className="sr-only">{t("itemsCaption", { title: opportunity.title })}</caption>
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
                        <span className="block text-xs text-base-content/60">{item.specifications}</span>
                      )}
                    </td>
                    <td className="text-end">{item.quantity}</td>
                    <td>{item.unit}</td>
                    <td className="text-end whitespace-nowrap">{money(item.estimatedPrice, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="card-actions justify-end">
          <span className="tooltip" data-tip={t("comingSoon")}>
            <button type="button" className="btn btn-primary btn-sm" disabled aria-describedby={noteId}>
              {t("uploadPdf")}
            </button>
          </span>
          <span className="tooltip" data-tip={t("comingSoon")}>
            <button type="button" className="btn btn-outline btn-sm" disabled aria-describedby={noteId}>
              {t("manualEntry")}
            </button>
          </span>
          <span id={noteId} className="sr-only">{t("comingSoon")}</span>
        </div>
      </div>
    </article>
  );
}
