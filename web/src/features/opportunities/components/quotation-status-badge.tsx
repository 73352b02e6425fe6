import { useTranslation } from "react-i18next";

const STATUS_CLASS: Record<string, string> = {
  submitted: "badge-info",
  under_review: "badge-warning",
  approved: "badge-success",
  rejected: "badge-error",
};

/** The spec's four quotation statuses get a colour and a translated label; anything else is neutral. */
export function QuotationStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("opportunities");
  const known = status in STATUS_CLASS;
  if (!known) return <span className="badge badge-outline">{status}</span>;
  return <span className={`badge badge-soft ${STATUS_CLASS[status]}`}>{t(`quotationStatus.${status}`)}</span>;
}
