import { useTranslation } from "react-i18next";
import { useQuotationStats } from "../api/get-quotation-stats.ts";
import { useFormat } from "./format.ts";

/** One line of live counts above the received quotations. */
export function StatsLine() {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const stats = useQuotationStats();
  if (stats.isPending) {
    return <span className="loading loading-dots loading-sm" aria-label={t("translation:common.loading")} />;
  }
  if (stats.isError) return <p className="text-sm text-base-content/60">{t("stats.noData")}</p>;
  const s = stats.data;
  const parts = [
    t("stats.totalLine", { value: format.number(s.total) }),
    t("stats.submittedLine", { value: format.number(s.submitted) }),
    t("stats.underReviewLine", { value: format.number(s.underReview) }),
    t("stats.approvedLine", { value: format.number(s.approved) }),
    t("stats.rejectedLine", { value: format.number(s.rejected) }),
  ];
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-medium">{parts.join(" · ")}</p>
      {s.sealedBids > 0 && (
        <p className="text-base-content/70">
          {t("stats.sealedLine", {
            count: s.sealedBids,
            bids: format.number(s.sealedBids),
            submissions: t("stats.sealedSubmissionCount", {
              count: s.sealedSubmissions,
              value: format.number(s.sealedSubmissions),
            }),
          })}
        </p>
      )}
    </div>
  );
}
