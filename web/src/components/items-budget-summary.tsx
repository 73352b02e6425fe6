/**
 * The items of a request being created, read-only, with the estimated budget the server will
 * compute (summed in integer cents, web/src/lib/item-totals.ts). The feature passes its own labels.
 */
import { useTranslation } from "react-i18next";
import { formatMoney } from "../lib/format.ts";
import { estimatedBudget, type ItemAmounts, lineTotal } from "../lib/item-totals.ts";

export type ItemsBudgetLabels = {
  caption: string;
  name: string;
  quantity: string;
  estimatedPrice: string;
  lineTotal: string;
  budget: string;
  budgetHint: string;
};

export function ItemsBudgetSummary({ items, labels }: {
  items: (ItemAmounts & { itemName?: string; unit?: string })[];
  labels: ItemsBudgetLabels;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <caption className="sr-only">{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.name}</th>
              <th scope="col" className="text-end">{labels.quantity}</th>
              <th scope="col" className="text-end">{labels.estimatedPrice}</th>
              <th scope="col" className="text-end">{labels.lineTotal}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={index}>
                <td className="break-words">{item.itemName?.trim() || "-"}</td>
                <td className="text-end whitespace-nowrap">
                  <bdi>{`${item.quantity} ${item.unit ?? ""}`}</bdi>
                </td>
                <td className="text-end whitespace-nowrap">{formatMoney(item.estimatedPrice || "0", lang)}</td>
                <td className="text-end whitespace-nowrap">{formatMoney(lineTotal(item), lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="stat rounded-box border border-base-300 bg-base-200">
        <div className="stat-title">{labels.budget}</div>
        <div className="stat-value text-2xl" data-testid="estimated-budget">
          {formatMoney(estimatedBudget(items), lang)}
        </div>
        <div className="stat-desc whitespace-normal">{labels.budgetHint}</div>
      </div>
    </>
  );
}
