import { type Control, type UseFormRegister, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isolate } from "../../../lib/i18n.ts";
import { fromCents, toCents } from "../../../../../src/shared/money.ts";
import type { OpportunityItem } from "../api/get-matching-opportunities.ts";
import { formatMoney } from "../../../lib/format.ts";

export type QuotationFormValues = {
  purchaseRequestId?: number;
  bidRequestId?: number;
  items: { itemId: number; unitPrice: string; notes: string }[];
  validityPeriod: string;
  leadTimeDays?: string;
  notes: string;
};

/** Cents of one line (unit price × quantity), or null while the price is not a valid amount. */
export function lineCents(unitPrice: string, quantity: number): number | null {
  const cents = toCents(unitPrice ?? "");
  return cents === null ? null : cents * quantity;
}

/**
 * The request's items, read-only, with a unit price and notes per item; the line total follows the
 * price as it is typed (spec section 5: item total = unit price × quantity).
 */
export function QuotationItemsInput({ items, control, register, caption, invalid }: {
  items: OpportunityItem[];
  control: Control<QuotationFormValues>;
  register: UseFormRegister<QuotationFormValues>;
  caption: string;
  invalid: boolean;
}) {
  const { t, i18n } = useTranslation("opportunities");
  const values = useWatch({ control, name: "items" });
  const lines = items.map((item, n) => lineCents(values?.[n]?.unitPrice ?? "", item.quantity));
  const total = lines.every((c) => c !== null) ? lines.reduce<number>((s, c) => s + (c ?? 0), 0) : null;
  return (
    // On a phone each item is a small card (name; quantity and unit; price and line total; notes) and
    // the total follows the last one: nothing to scroll sideways to, the totals always in view.
    <div className="overflow-x-auto">
      <table className="table table-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:hidden">
          <tr>
            <th scope="col">{t("item")}</th>
            <th scope="col" className="text-end">{t("quantity")}</th>
            <th scope="col">{t("unit")}</th>
            <th scope="col" className="min-w-32">{t("submit.unitPrice")}</th>
            <th scope="col" className="text-end">{t("submit.lineTotal")}</th>
            <th scope="col" className="min-w-40">{t("submit.itemNotes")}</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {items.map((item, n) => (
            <tr key={item.id} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-3">
              <th
                scope="row"
                className="break-words font-normal max-sm:col-span-2 max-sm:p-0 max-sm:font-medium"
                dir="auto"
              >
                {item.name}
              </th>
              <td className="text-end max-sm:col-span-2 max-sm:p-0 max-sm:text-start">
                <span className="sm:hidden">{t("quantity")}:</span> <bdi>{item.quantity}</bdi>
                <span className="sm:hidden">
                  {" "}
                  <bdi>{item.unit}</bdi>
                </span>
              </td>
              <td className="max-sm:hidden" dir="auto">{item.unit}</td>
              <td className="max-sm:p-0">
                <span className="text-xs sm:hidden" aria-hidden="true">{t("submit.unitPrice")}</span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  className="input input-sm w-full"
                  aria-label={t("submit.unitPriceFor", { item: isolate(item.name) })}
                  aria-invalid={invalid && !((toCents(values?.[n]?.unitPrice ?? "") ?? 0) > 0) ? true : undefined}
                  {...register(`items.${n}.unitPrice`)}
                />
              </td>
              <td className="text-end whitespace-nowrap max-sm:self-center max-sm:p-0" data-testid="line-total">
                <span className="sm:hidden">{t("submit.lineTotal")}:</span>{" "}
                {lines[n] === null ? "-" : formatMoney(fromCents(lines[n]), i18n.language)}
              </td>
              <td className="max-sm:col-span-2 max-sm:p-0">
                <input
                  type="text"
                  maxLength={2000}
                  className="input input-sm w-full"
                  aria-label={t("submit.notesFor", { item: isolate(item.name) })}
                  placeholder={t("submit.itemNotes")}
                  dir="auto"
                  {...register(`items.${n}.notes`)}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="max-sm:block">
          <tr className="max-sm:flex max-sm:justify-between max-sm:py-3">
            <th scope="row" colSpan={4} className="text-end max-sm:p-0">{t("submit.total")}</th>
            <td className="text-end font-semibold whitespace-nowrap max-sm:p-0" data-testid="quotation-total">
              {total === null ? "-" : formatMoney(fromCents(total), i18n.language)}
            </td>
            <td className="max-sm:hidden" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
