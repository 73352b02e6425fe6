import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCategoryOptions } from "../api/get-categories.ts";
import { useConvertiblePurchaseRequests } from "../api/get-convertible-purchase-requests.ts";
import { type BidFormValues, estimatedBudget, lineTotal } from "./bid-form.ts";
import { dateToIso, formatDateTime, formatMoney, formatProjectDeadline, localDateTimeToIso } from "./format.ts";

/** A read-only summary of the other tabs, with the estimated budget the server will compute. */
export function CreateReviewTab({ form }: { form: UseFormReturn<BidFormValues> }) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const categories = useCategoryOptions();
  const candidates = useConvertiblePurchaseRequests();
  const v = useWatch({ control: form.control }) as BidFormValues;
  const items = v.items ?? [];
  const category = categories.data?.find((c) => String(c.id) === v.categoryId)?.name;
  const source = candidates.data?.find((pr) => String(pr.id) === v.purchaseRequestId);
  const method = t(`evaluation.${v.evaluationMethod}`);
  const rows: [string, string][] = [
    [t("fields.title"), v.title],
    [t("fields.department"), v.department],
    [t("fields.category"), category ?? t("form.firstItemCategory")],
    [t("fields.purchaseRequest"), source ? `${source.requestId} · ${source.title}` : t("convert.none")],
    [t("fields.biddingDeadline"), formatDateTime(localDateTimeToIso(v.biddingDeadline), lang)],
    [t("fields.projectDeadline"), formatProjectDeadline(dateToIso(v.deadline), lang)],
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
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-base-content/60">{label}</dt>
            <dd className="break-words">{value?.trim() ? value : "-"}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <caption className="sr-only">{t("details.items")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("items.name")}</th>
              <th scope="col" className="text-end">{t("items.quantity")}</th>
              <th scope="col" className="text-end">{t("items.estimatedPrice")}</th>
              <th scope="col" className="text-end">{t("items.lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={index}>
                <td className="break-words">{item.itemName?.trim() || "-"}</td>
                <td className="text-end whitespace-nowrap">
                  <bdi>{`${item.quantity} ${item.unit}`}</bdi>
                </td>
                <td className="text-end whitespace-nowrap">{formatMoney(item.estimatedPrice || "0", lang)}</td>
                <td className="text-end whitespace-nowrap">{formatMoney(lineTotal(item), lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="stat rounded-box border border-base-300 bg-base-200">
        <div className="stat-title">{t("fields.estimatedBudget")}</div>
        <div className="stat-value text-2xl" data-testid="estimated-budget">
          {formatMoney(estimatedBudget(items), lang)}
        </div>
        <div className="stat-desc whitespace-normal">{t("form.budgetHint")}</div>
      </div>
    </div>
  );
}
