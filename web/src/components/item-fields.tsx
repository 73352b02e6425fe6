/**
 * The fields every line item of a request has (name, quantity, unit, specification, estimated
 * price) and its live line total, inside the caller's 4-column grid. The form keeps them as typed
 * strings under `items.<index>`; the feature passes its own labels.
 */
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../lib/format.ts";
import { type ItemAmounts, lineTotal } from "../lib/item-totals.ts";

export type ItemFieldValues = ItemAmounts & { itemName: string; unit: string; specification: string };

export type ItemFieldLabels = {
  name: string;
  quantity: string;
  unit: string;
  specification: string;
  estimatedPrice: string;
  lineTotal: string;
};

export function ItemFields<T extends FieldValues & { items: ItemFieldValues[] }>(
  { register, index, item, labels, onQuantityBlur }: {
    register: UseFormRegister<T>;
    index: number;
    /** The line's current values (useWatch), for its total. */
    item: ItemAmounts;
    labels: ItemFieldLabels;
    onQuantityBlur?: (value: string) => void;
  },
) {
  const { i18n } = useTranslation();
  const field = (name: keyof ItemFieldValues) => register(`items.${index}.${name}` as Path<T>);
  return (
    <>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{labels.name} *</span>
        <input className="input w-full" maxLength={200} {...field("itemName")} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{labels.quantity} *</span>
        <input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          className="input w-full"
          {...register(`items.${index}.quantity` as Path<T>, {
            onBlur: onQuantityBlur && ((event) => onQuantityBlur(event.target.value)),
          })}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{labels.unit}</span>
        <input className="input w-full" maxLength={20} {...field("unit")} />
      </label>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{labels.specification}</span>
        <input className="input w-full" maxLength={2000} {...field("specification")} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{labels.estimatedPrice}</span>
        <input
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          className="input w-full"
          {...field("estimatedPrice")}
        />
      </label>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">{labels.lineTotal}</span>
        <output className="py-2 font-semibold">{formatMoney(lineTotal(item), i18n.language)}</output>
      </div>
    </>
  );
}
