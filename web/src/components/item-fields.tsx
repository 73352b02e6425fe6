/**
 * The line items of a request. `ItemRows` is the list (one fieldset per row, Remove, Add item);
 * `ItemFields` the fields every line item has (name, quantity, unit, specification, estimated
 * price) and its live line total, inside the row's 4-column grid. The form keeps them as typed
 * strings under `items.<index>`; the feature passes its own labels. A failing rule inside a row is
 * shown under that row's field (`itemErrorsOf` picks them from the schema's issues).
 */
import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../lib/format.ts";
import { type ItemAmounts, lineTotal } from "../lib/item-totals.ts";
import { NumberField, TextField } from "./form-field.tsx";

export type ItemFieldValues = ItemAmounts & { itemName: string; unit: string; specification: string };

export type ItemFieldLabels = {
  name: string;
  quantity: string;
  unit: string;
  specification: string;
  estimatedPrice: string;
  lineTotal: string;
};

/**
 * The labels from the feature's "items.<field>" strings, as both request wizards name them; `tr` is
 * the feature's translate (web/src/locales/wizard-strings.test.ts checks both bundles have them).
 */
export function itemFieldLabels(tr: (key: string) => string): ItemFieldLabels {
  return {
    name: tr("items.name"),
    quantity: tr("items.quantity"),
    unit: tr("items.unit"),
    specification: tr("items.specification"),
    estimatedPrice: tr("items.estimatedPrice"),
    lineTotal: tr("items.lineTotal"),
  };
}

/** Row index → field name → message. */
export type ItemErrors = Record<number, Record<string, string>>;

/** The issues under `items.<index>.<field>` (first per field), translated. */
export function itemErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  message: (text: string | undefined) => string | undefined,
): ItemErrors {
  const errors: ItemErrors = {};
  for (const { path, message: text } of issues) {
    const [root, index, field] = path;
    if (root !== "items" || typeof index !== "number" || typeof field !== "string") continue;
    const row = (errors[index] ??= {});
    row[field] ??= message(text) ?? text;
  }
  return errors;
}

export function ItemFields<T extends FieldValues & { items: ItemFieldValues[] }>(
  { register, index, item, labels, errors = {}, onQuantityBlur }: {
    register: UseFormRegister<T>;
    index: number;
    /** The line's current values (useWatch), for its total. */
    item: ItemAmounts;
    labels: ItemFieldLabels;
    /** This row's messages by field name. */
    errors?: Record<string, string>;
    onQuantityBlur?: (value: string) => void;
  },
) {
  const { i18n } = useTranslation();
  const field = (name: keyof ItemFieldValues) => register(`items.${index}.${name}` as Path<T>);
  return (
    <>
      <TextField
        label={`${labels.name} *`}
        error={errors.itemName}
        className="sm:col-span-2"
        maxLength={200}
        {...field("itemName")}
      />
      <NumberField
        label={`${labels.quantity} *`}
        error={errors.quantity}
        min={1}
        {...register(`items.${index}.quantity` as Path<T>, {
          onBlur: onQuantityBlur && ((event) => onQuantityBlur(event.target.value)),
        })}
      />
      <TextField label={labels.unit} error={errors.unit} maxLength={20} {...field("unit")} />
      <TextField
        label={labels.specification}
        error={errors.specification}
        className="sm:col-span-2"
        maxLength={2000}
        {...field("specification")}
      />
      <NumberField
        label={labels.estimatedPrice}
        error={errors.estimatedPrice}
        min={0}
        step={0.01}
        {...field("estimatedPrice")}
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">{labels.lineTotal}</span>
        <output className="py-2 font-semibold">{formatMoney(lineTotal(item), i18n.language)}</output>
      </div>
    </>
  );
}

export type ItemRowsLabels = {
  /** The row's legend ("Item 2"); none for rows without one. */
  legend?: (number: number) => string;
  remove: string;
  /** The Remove button's accessible name ("Remove item 2"). */
  removeNamed: (number: number) => string;
  add: string;
};

/** The rows of a request's items: each row's fields, Remove (not on the last row) and Add item. */
export function ItemRows(
  { keys, labels, onAdd, onRemove, editable = true, grid = "sm:grid-cols-4", removeCell = "flex items-end", children }:
    {
      /** One stable key per row (useFieldArray's ids). */
      keys: readonly string[];
      labels: ItemRowsLabels;
      onAdd: () => void;
      onRemove: (index: number) => void;
      /** Rows copied from elsewhere: shown, neither added nor removed. */
      editable?: boolean;
      /** The row's grid columns. */
      grid?: string;
      /** Where the Remove button sits in that grid. */
      removeCell?: string;
      children: (index: number) => ReactNode;
    },
) {
  return (
    <>
      {keys.map((key, index) => (
        <fieldset key={key} className={`grid gap-3 rounded-box border border-base-300 p-3 ${grid}`}>
          {labels.legend && <legend className="px-1 text-sm font-semibold">{labels.legend(index + 1)}</legend>}
          {children(index)}
          {editable && (
            <div className={removeCell}>
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                disabled={keys.length <= 1}
                onClick={() => onRemove(index)}
                aria-label={labels.removeNamed(index + 1)}
              >
                {labels.remove}
              </button>
            </div>
          )}
        </fieldset>
      ))}
      {editable && (
        <div>
          <button type="button" className="btn btn-outline btn-sm" onClick={onAdd}>{labels.add}</button>
        </div>
      )}
    </>
  );
}
