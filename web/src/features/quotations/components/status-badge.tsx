import { useTranslation } from "react-i18next";
import { REVIEW_STATUSES, type ReviewStatus } from "../api/get-quotations.ts";

const STATUS_CLASS: Record<ReviewStatus, string> = {
  submitted: "badge-info",
  under_review: "badge-warning",
  approved: "badge-success",
  rejected: "badge-error",
};

export function isReviewStatus(status: string): status is ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(status);
}

/** The spec's four statuses get a colour and a translated label; anything else is shown neutrally. */
export function QuotationStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("quotations");
  if (!isReviewStatus(status)) return <span className="badge badge-outline">{status}</span>;
  return <span className={`badge badge-soft ${STATUS_CLASS[status]}`}>{t(`status.${status}`)}</span>;
}
