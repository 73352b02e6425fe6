import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCategories } from "../../../hooks/use-categories.ts";
import { useSourcePurchaseRequest } from "../api/get-purchase-request.ts";
import { reviewLabels, ReviewSummary } from "../../../components/wizard/request-fields.tsx";
import type { BidFormValues } from "./bid-form.ts";
import { formatDate, formatDateTime, formatMoney } from "../../../lib/format.ts";
import { dateToIso, localDateTimeToIso } from "../../../lib/date-input.ts";
import { estimatedBudget } from "../../../lib/item-totals.ts";
import { toCents } from "../../../../../src/shared/money.ts";
import { useApprovalRule } from "../api/get-approval-rule.ts";

/** A read-only summary of the other tabs, with the estimated budget the server will compute. */
export function CreateReviewTab({ form }: { form: UseFormReturn<BidFormValues> }) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const categories = useCategories();
  const v = useWatch({ control: form.control }) as BidFormValues;
  const items = v.items ?? [];
  const category = categories.data?.find((c) => String(c.id) === v.categoryId)?.name;
  // The request the Details tab loaded to copy it in (cached): the picker only lists the current search.
  const source = useSourcePurchaseRequest(v.purchaseRequestId ? Number(v.purchaseRequestId) : null).data;
  const method = t(`evaluation.${v.evaluationMethod}`);
  const rule = useApprovalRule().data;
  // The server's rule (src/features/bids/approval.ts): strictly above the threshold needs both approvals.
  const approval = v.purchaseRequestId
    ? t("lifecycle.review.converted")
    : rule
    ? (toCents(estimatedBudget(items)) ?? 0) > (toCents(rule.threshold) ?? 0)
      ? t("lifecycle.review.needed", { threshold: formatMoney(rule.threshold, lang) })
      : t("lifecycle.review.none", { threshold: formatMoney(rule.threshold, lang) })
    : undefined;
  const rows: [string, string][] = [
    [t("fields.title"), v.title],
    [t("fields.department"), v.department],
    [t("fields.category"), category ?? t("form.firstItemCategory")],
    [t("fields.purchaseRequest"), source ? `${source.requestId} · ${source.title}` : t("convert.none")],
    [t("fields.biddingDeadline"), formatDateTime(localDateTimeToIso(v.biddingDeadline), lang)],
    [t("fields.projectDeadline"), formatDate(dateToIso(v.deadline), lang, { utc: true })],
    [
      t("fields.biddingStartAt"),
      v.biddingStartAt ? formatDateTime(localDateTimeToIso(v.biddingStartAt), lang) : t("form.whenPublished"),
    ],
    [t("fields.biddingMode"), t(`mode.${v.biddingMode}`)],
    [
      t("fields.evaluationMethod"),
      v.evaluationMethod === "combined_scoring"
        ? t("details.weights", { method, price: v.priceWeight, technical: v.technicalWeight })
        : method,
    ],
    [t("fields.bond"), v.bondRequired ? formatMoney(v.bondAmount || "0", lang) : t("details.notRequired")],
    [t("fields.vendorPrequalification"), v.vendorPrequalification ? t("details.required") : t("details.notRequired")],
    [t("fields.minimumYearsExperience"), v.minimumYearsExperience],
  ];
  return (
    <div className="flex flex-col gap-4">
      {approval && (
        <div role="note" className="alert alert-info alert-soft flex flex-col items-start gap-1">
          <span className="font-semibold">{t("lifecycle.review.title")}</span>
          <span data-testid="bid-approvals-note">{approval}</span>
        </div>
      )}
      <ReviewSummary
        rows={rows}
        wide
        items={items}
        labels={reviewLabels(t, t("details.items"))}
      />
    </div>
  );
}
