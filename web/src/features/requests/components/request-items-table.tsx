import { useTranslation } from "react-i18next";
import { fromCents, lineTotalCents, toCents } from "../../../../../src/shared/money.ts";
import type { PurchaseRequestItem } from "../api/get-purchase-request.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import { formatMoney } from "../../../lib/format.ts";

const URGENCY_KEYS = ["low", "medium", "high", "critical"];

/** Every item with its estimated unit price and exact line total (integer cents). */
export function RequestItemsTable(
  { items, estimatedBudget }: { items: PurchaseRequestItem[]; estimatedBudget: string },
) {
  const { t, i18n } = useTranslation("requests");
  const lang = i18n.language;
  const categories = useCategories();
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{t("items.name")}</th>
            <th scope="col" className="text-end">{t("items.quantity")}</th>
            <th scope="col">{t("items.unit")}</th>
            <th scope="col" className="text-end">{t("items.estimatedPrice")}</th>
            <th scope="col" className="text-end">{t("items.lineTotal")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const price = toCents(item.estimatedPrice) ?? 0;
            const extras = [
              item.specifications,
              categoryName(item.categoryId),
              URGENCY_KEYS.includes(item.urgency) && item.urgency !== "medium"
                ? t("items.urgencyValue", { urgency: t(`urgency.${item.urgency}`) })
                : "",
              item.notes,
            ].filter(Boolean);
            return (
              <tr key={item.id}>
                <td className="max-w-xs">
                  <div className="font-medium break-words" dir="auto">{item.name}</div>
                  {extras.length > 0 && (
                    <div className="text-xs text-base-content/60 break-words">{extras.join(" · ")}</div>
                  )}
                </td>
                <td className="text-end">{item.quantity}</td>
                <td dir="auto">{item.unit}</td>
                <td className="text-end whitespace-nowrap">{formatMoney(item.estimatedPrice, lang)}</td>
                <td className="text-end whitespace-nowrap">
                  {formatMoney(fromCents(lineTotalCents(item.quantity, price)), lang)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="text-end">{t("fields.estimatedBudget")}</th>
            <td className="text-end font-semibold whitespace-nowrap">{formatMoney(estimatedBudget, lang)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
