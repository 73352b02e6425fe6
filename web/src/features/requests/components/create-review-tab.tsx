import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCategoryOptions } from "../api/get-categories.ts";
import { formatDeadline, formatMoney } from "./format.ts";
import { estimatedBudget, type FullFormValues, lineTotal } from "./full-form.ts";

/** A read-only summary of the other tabs, with the estimated budget the server will compute. */
export function CreateReviewTab({ form }: { form: UseFormReturn<FullFormValues> }) {
  const { t, i18n } = useTranslation("requests");
  const lang = i18n.language;
  const categories = useCategoryOptions();
  const v = useWatch({ control: form.control }) as FullFormValues;
  const items = v.items ?? [];
  const category = categories.data?.find((c) => String(c.id) === v.categoryId)?.name;
  const rows: [string, string][] = [
    [t("fields.title"), v.title],
    [t("fields.department"), v.department],
    [t("fields.priority"), t(`priority.${v.priority}`)],
    [t("fields.requestType"), t(`requestType.${v.requestType}`)],
    [t("fields.category"), category ?? t("form.noCategory")],
    [t("fields.deadline"), v.deadline ? formatDeadline(`${v.deadline}T00:00:00Z`, lang) : "-"],
    [t("fields.approvalRequired"), v.approvalRequired ? t("form.required") : t("form.notRequired")],
    [t("fields.biddingMode"), t(`biddingMode.${v.biddingMode}`)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-base-content/60">{label}</dt>
            <dd className="break-words">{value?.trim() ? value : "-"}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <caption className="sr-only">{t("form.itemsLegend")}</caption>
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
                <td className="text-end">{item.quantity} {item.unit}</td>
                <td className="text-end whitespace-nowrap">
                  {formatMoney(item.estimatedPrice || "0", lang)}
                </td>
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
