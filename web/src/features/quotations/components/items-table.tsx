import { useTranslation } from "react-i18next";
import type { QuotationItem } from "../api/get-quotations.ts";
import { useFormat } from "./format.ts";

/** Item, Quantity, Unit Price, Total (spec section 2); notes per item in the details view. */
export function ItemsTable({ items, caption, currency, showNotes = false }: {
  items: QuotationItem[];
  caption: string;
  currency?: string;
  showNotes?: boolean;
}) {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("items.item")}</th>
            <th scope="col" className="text-end">{t("items.quantity")}</th>
            <th scope="col" className="text-end">{t("items.unitPrice")}</th>
            <th scope="col" className="text-end">{t("items.total")}</th>
            {showNotes && <th scope="col">{t("items.notes")}</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className="break-words" dir="auto">{item.name}</td>
              <td className="text-end whitespace-nowrap">
                {format.number(item.quantity)} <span className="text-base-content/60" dir="auto">{item.unit}</span>
              </td>
              <td className="text-end whitespace-nowrap">{format.money(item.unitPrice, currency)}</td>
              <td className="text-end whitespace-nowrap">{format.money(item.totalPrice, currency)}</td>
              {showNotes && <td className="break-words text-sm">{item.notes || "-"}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
