/**
 * What the create wizards of purchase and bid requests share besides the frame: the title,
 * description and department fields of their Details step, and the Review step's summary (label and
 * value pairs, then the items with the estimated budget the server will compute).
 */
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { type ItemsBudgetLabels, ItemsBudgetSummary } from "../items-budget-summary.tsx";
import { TextareaField, TextField } from "../form-field.tsx";
import type { ItemAmounts } from "../../lib/item-totals.ts";

/** The three fields both request wizards open with; their form values start with these. */
export type RequestBasics = { title: string; description: string; department: string };

export function RequestBasicsFields<T extends FieldValues & RequestBasics>({ register, labels }: {
  register: UseFormRegister<T>;
  labels: RequestBasics;
}) {
  const field = (name: keyof RequestBasics) => register(name as Path<T>);
  return (
    <>
      <TextField label={`${labels.title} *`} className="sm:col-span-2" maxLength={200} {...field("title")} />
      <TextareaField
        label={`${labels.description} *`}
        className="sm:col-span-2"
        maxLength={5000}
        {...field("description")}
      />
      <TextField label={`${labels.department} *`} maxLength={100} {...field("department")} />
    </>
  );
}

/**
 * The labels of the Review step's items and budget from the feature's strings ("items.*",
 * "fields.estimatedBudget", "form.budgetHint"); `tr` is the feature's translate
 * (web/src/locales/wizard-strings.test.ts checks both bundles have them).
 */
export function reviewLabels(tr: (key: string) => string, caption: string): ItemsBudgetLabels {
  return {
    caption,
    name: tr("items.name"),
    quantity: tr("items.quantity"),
    estimatedPrice: tr("items.estimatedPrice"),
    lineTotal: tr("items.lineTotal"),
    budget: tr("fields.estimatedBudget"),
    budgetHint: tr("form.budgetHint"),
  };
}

/** The Review step's summary: the rows, then the items with their budget. */
export function ReviewSummary({ rows, wide = false, items, labels }: {
  rows: [label: string, value: string][];
  /** Three columns on large screens. */
  wide?: boolean;
  items: (ItemAmounts & { itemName?: string; unit?: string })[];
  labels: ItemsBudgetLabels;
}) {
  return (
    <>
      <dl className={`grid gap-x-6 gap-y-2 sm:grid-cols-2 ${wide ? "lg:grid-cols-3" : ""}`}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-base-content/60">{label}</dt>
            <dd className="break-words">{value?.trim() ? value : "-"}</dd>
          </div>
        ))}
      </dl>
      <ItemsBudgetSummary items={items} labels={labels} />
    </>
  );
}
