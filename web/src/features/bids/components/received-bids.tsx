/**
 * The bids a request received, once staff may see them (an open bid as they arrive, a sealed one
 * once unsealed: before, the server lists none and refuses the comparison), with a direct way to
 * their comparison.
 */
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { formatDate, formatMoney } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import { useBidQuotations } from "../api/get-bid-quotations.ts";
import type { BidRequest } from "../api/get-bid-requests.ts";

/**
 * The quotations feature's comparison of one bid's quotations (with its award); the app hands it in
 * (web/src/app/sections/bids.tsx), as features do not import each other.
 */
export type BidComparison = ComponentType<{ bidRequestId: number }>;

const STATUS_CLASS: Record<string, string> = {
  submitted: "badge-info",
  under_review: "badge-warning",
  approved: "badge-success",
  rejected: "badge-error",
};

/** Whether the bids themselves may be shown: the server's seal rule, and staff who compare quotations. */
export function bidsVisible(bid: Pick<BidRequest, "biddingMode" | "unsealedAt" | "bidCount">, mayCompare: boolean) {
  return mayCompare && bid.bidCount > 0 && !(bid.biddingMode === "sealed" && !bid.unsealedAt);
}

export function ReceivedBids({ bid, Comparison }: { bid: BidRequest; Comparison: BidComparison }) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const query = useBidQuotations(bid.id);
  const [comparing, setComparing] = useState(false);
  const headingId = `bid-${bid.id}-received`;
  const bids = query.data ?? [];

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <LoadError message={t("received.loadError")} onRetry={() => void query.refetch()} />;
  else if (bids.length === 0) body = <p className="text-base-content/70">{t("received.empty")}</p>;
  else {
    body = (
      // On a narrow screen it scrolls sideways: focusable, so keyboards can scroll it.
      <div
        className="overflow-x-auto rounded-box border border-base-300"
        tabIndex={0}
        role="region"
        aria-label={t("received.caption", { number: isolate(bid.bidNumber) })}
      >
        <table className="table table-sm">
          <caption className="sr-only">{t("received.caption", { number: isolate(bid.bidNumber) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("received.vendor")}</th>
              <th scope="col" className="text-end">{t("received.total")}</th>
              <th scope="col">{t("received.status")}</th>
              <th scope="col">{t("received.validUntil")}</th>
            </tr>
          </thead>
          <tbody>
            {bids.map((b) => (
              <tr key={b.id}>
                <th scope="row" className="font-medium break-words">
                  <bdi dir="auto">{b.vendorName}</bdi>
                </th>
                <td className="text-end whitespace-nowrap">{formatMoney(b.totalAmount, lang, b.currency)}</td>
                <td>
                  <span className={`badge badge-soft whitespace-nowrap ${STATUS_CLASS[b.status] ?? "badge-ghost"}`}>
                    {t(`received.quotationStatus.${b.status}`, { defaultValue: b.status })}
                  </span>
                </td>
                <td className="whitespace-nowrap">
                  {formatDate(b.validUntil, lang)}{" "}
                  {b.expired && <span className="badge badge-error badge-sm">{t("received.expired")}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold">{t("received.title")}</h4>
        {bids.length > 0 && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setComparing(true)}>
            {t("received.compare")}
          </button>
        )}
      </div>
      {body}
      {comparing && (
        <Modal
          size="full"
          title={t("received.compareTitle", { number: isolate(bid.bidNumber) })}
          onClose={() => setComparing(false)}
        >
          <Comparison bidRequestId={bid.id} />
        </Modal>
      )}
    </section>
  );
}
