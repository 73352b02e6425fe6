import { useTranslation } from "react-i18next";
import type { BidItem } from "../api/get-bid-requests.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import { lineTotal } from "../../../lib/item-totals.ts";
import { formatMoney } from "../../../lib/format.ts";

/** The requested items with their estimates and what bidders must meet for each. */
export function BidItemsTable({ items }: { items: BidItem[] }) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const categories = useCategories();
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name ?? "-";
  return (
    // Seven columns scroll sideways in the dialog: the region takes focus so keyboards can scroll it.
    <div
      className="overflow-x-auto rounded-box border border-base-300"
      tabIndex={0}
      role="region"
      aria-label={t("details.items")}
    >
      <table className="table table-sm">
        <caption className="sr-only">{t("details.items")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("items.name")}</th>
            <th scope="col">{t("items.category")}</th>
            <th scope="col" className="text-end">{t("items.quantity")}</th>
            <th scope="col" className="text-end">{t("items.estimatedPrice")}</th>
            <th scope="col" className="text-end">{t("items.lineTotal")}</th>
            <th scope="col">{t("items.technicalRequirements")}</th>
            <th scope="col">{t("items.evaluationCriteria")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="min-w-40 font-medium break-words">
                {item.itemName}
                {item.specification && (
                  <span className="block text-xs font-normal text-base-content/60" dir="auto">
                    {item.specification}
                  </span>
                )}
              </th>
              <td>{categoryName(item.categoryId)}</td>
              <td className="text-end whitespace-nowrap tabular-nums">
                <bdi>{`${item.quantity} ${item.unit}`}</bdi>
              </td>
              <td className="text-end whitespace-nowrap tabular-nums">{formatMoney(item.estimatedPrice, lang)}</td>
              <td className="text-end whitespace-nowrap tabular-nums">
                {formatMoney(lineTotal({ quantity: String(item.quantity), estimatedPrice: item.estimatedPrice }), lang)}
              </td>
              <td className="min-w-40 break-words whitespace-pre-line">{item.technicalRequirements || "-"}</td>
              <td className="min-w-40 break-words whitespace-pre-line">{item.evaluationCriteria || "-"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
