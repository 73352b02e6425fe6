import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { bidRequestQueryKey, useBidRequest } from "../api/get-bid-request.ts";
import { useSourcePurchaseRequest } from "../api/get-purchase-request.ts";
import type { BidRequest } from "../api/get-bid-requests.ts";
import { BidActions, currentApprovals } from "./bid-actions.tsx";
import { BiddingModeBadge, BidStatusBadge, SubmissionCount } from "./bid-badges.tsx";
import { BidItemsTable } from "./bid-items-table.tsx";
import { Loading } from "../../../components/load-states.tsx";
import { DeadlineTime } from "../../../components/deadline-time.tsx";
import { DocumentHistory } from "../../../components/document-history.tsx";
import { formatDate, formatDateTime, formatMoney } from "../../../lib/format.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { type BidComparison, bidsVisible, ReceivedBids } from "./received-bids.tsx";

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2 lg:col-span-3" : undefined}>
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children || "-"}</dd>
    </div>
  );
}

export function BidDetailsDialog({ id, onClose, Comparison }: {
  id: number;
  onClose: () => void;
  Comparison: BidComparison;
}) {
  const { t } = useTranslation("bids");
  const query = useBidRequest(id);
  const bid = query.data;
  return (
    <Modal
      size="xl"
      title={bid ? bid.title : t("details.title")}
      onClose={onClose}
      footer={bid && <BidActions bid={bid} />}
    >
      {query.isPending && <Loading />}
      {query.isError && <div role="alert" className="alert alert-error alert-soft">{t("details.loadError")}</div>}
      {bid && <BidDetails bid={bid} Comparison={Comparison} />}
    </Modal>
  );
}

function BidDetails({ bid, Comparison }: { bid: BidRequest; Comparison: BidComparison }) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const mayCompare = useCan("quotations.compare");
  const sealedNow = bid.biddingMode === "sealed" && !bid.unsealedAt;
  const method = t(`evaluation.${bid.evaluationMethod}`, { defaultValue: bid.evaluationMethod });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm" dir="ltr">{bid.bidNumber}</span>
        <BidStatusBadge status={bid.status} />
        <BiddingModeBadge mode={bid.biddingMode} />
        {bid.category && <span className="badge badge-outline badge-primary" dir="auto">{bid.category.name}</span>}
      </div>

      <div className="stats stats-vertical border border-base-300 bg-base-200 sm:stats-horizontal">
        <div className="stat">
          <div className="stat-title">{t("fields.submissions")}</div>
          <div className="stat-value text-2xl" data-testid="bid-submissions">
            <SubmissionCount bid={bid} />
          </div>
          <div className="stat-desc whitespace-normal">
            {sealedNow
              ? t("details.sealedHint")
              : bid.unsealedAt
              ? t("details.unsealedAt", { date: formatDateTime(bid.unsealedAt, lang) })
              : t("details.openHint")}
          </div>
        </div>
        <div className="stat">
          <div className="stat-title">{t("fields.estimatedBudget")}</div>
          <div className="stat-value text-2xl">{formatMoney(bid.estimatedBudget, lang)}</div>
        </div>
        <div className="stat">
          <div className="stat-title">{t("fields.biddingDeadline")}</div>
          <div className="stat-value text-lg whitespace-normal">
            <DeadlineTime value={bid.biddingDeadline} live={bid.status === "bidding_open"} />
          </div>
          {bid.biddingStartAt && (
            <div className="stat-desc">
              {t("details.opens", { date: formatDateTime(bid.biddingStartAt, lang) })}
            </div>
          )}
        </div>
      </div>

      {bidsVisible(bid, mayCompare) && <ReceivedBids bid={bid} Comparison={Comparison} />}

      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t("fields.description")} wide>
          <span dir="auto">{bid.description}</span>
        </Field>
        <Field label={t("fields.department")}>
          <span dir="auto">{bid.department}</span>
        </Field>
        <Field label={t("fields.projectDeadline")}>{formatDate(bid.deadline, lang, { utc: true })}</Field>
        <Field label={t("fields.createdAt")}>{formatDateTime(bid.createdAt, lang)}</Field>
        <Field label={t("fields.evaluationMethod")}>
          {bid.evaluationMethod === "combined_scoring"
            ? t("details.weights", { method, price: String(bid.priceWeight), technical: String(bid.technicalWeight) })
            : method}
        </Field>
        <Field label={t("fields.bond")}>
          {bid.bondRequired ? formatMoney(bid.bondAmount, lang) : t("details.notRequired")}
        </Field>
        <Field label={t("fields.vendorPrequalification")}>
          {bid.vendorPrequalification ? t("details.required") : t("details.notRequired")}
        </Field>
        <Field label={t("fields.minimumYearsExperience")}>
          {new Intl.NumberFormat(lang).format(bid.minimumYearsExperience)}
        </Field>
        <Field label={t("fields.purchaseRequest")}>
          {bid.purchaseRequestId ? <SourceRequest id={bid.purchaseRequestId} /> : null}
        </Field>
        <Field label={t("fields.qualificationCriteria")} wide>{bid.qualificationCriteria}</Field>
        <Field label={t("fields.technicalSpecifications")} wide>{bid.technicalSpecifications}</Field>
        <Field label={t("fields.commercialTerms")} wide>{bid.commercialTerms}</Field>
      </dl>

      {bid.status === "pending_approval" && (
        <div role="note" className="alert alert-warning alert-soft">
          {t("lifecycle.decide.waiting", {
            given: String(currentApprovals(bid.history ?? []).length),
            needed: String(bid.approvalsRequired),
          })}
        </div>
      )}
      {bid.closedEarlyAt && (
        <div role="note" className="alert alert-info alert-soft whitespace-pre-line">
          {t("lifecycle.closedEarly", {
            date: formatDateTime(bid.closedEarlyAt, lang),
            reason: bid.earlyCloseReason ?? "",
          })}
        </div>
      )}

      <div className="flex flex-col gap-2">
        <h4 className="font-semibold">{t("details.items")}</h4>
        <BidItemsTable items={bid.items} />
      </div>
      <DocumentHistory document="bid-requests" id={bid.id} queryRoot={bidRequestQueryKey(bid.id)} />
    </div>
  );
}

/** The converted purchase request by its number and title; its id alone while that loads. */
function SourceRequest({ id }: { id: number }) {
  const { t } = useTranslation("bids");
  const pr = useSourcePurchaseRequest(id).data;
  if (!pr) return <>{t("details.convertedFrom", { id: String(id) })}</>;
  return (
    <>
      <span className="font-mono text-sm" dir="ltr">{pr.requestId}</span> {pr.title}
    </>
  );
}
