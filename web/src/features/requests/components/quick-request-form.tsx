/**
 * The quick-create fields (title, description, deadline, category, items), shared by Quick Create
 * and Edit. Validation is the shared quickPurchaseRequestSchema: on failure a 'Validation Error'
 * toast with its message (spec sections 5 and 8), repeated inline because a toast sits under the modal.
 */
import { type ReactNode, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.tsx";
import { quickPurchaseRequestSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import { dateToIso, minDeadlineValue } from "../../../lib/date-input.ts";
import { useMessageText } from "./use-message-text.ts";
import { ItemRows } from "../../../components/item-fields.tsx";
import { NumberField, SelectField, TextareaField, TextField } from "../../../components/form-field.tsx";
import { CategoryOptions } from "../../../components/category-options.tsx";

export type QuickItemValues = {
  name: string;
  specifications: string;
  unit: string;
  quantity: string;
  estimatedPrice: string;
};

export type QuickFormValues = {
  title: string;
  description: string;
  /** YYYY-MM-DD */
  deadline: string;
  categoryId: string;
  items: QuickItemValues[];
};

export type QuickPayload = {
  title: string;
  description: string;
  deadline: string;
  categoryId?: number;
  items: { name: string; unit: string; quantity: number; specifications: string; estimatedPrice: string }[];
};

export const EMPTY_QUICK_ITEM: QuickItemValues = {
  name: "",
  specifications: "",
  unit: "pcs",
  quantity: "1",
  estimatedPrice: "0",
};

/** Spec section 5: blank descriptions are dropped; quantity defaults to 1, unit to 'pcs', cost to 0. */
function toItems(items: QuickItemValues[]) {
  return items
    .map((item) => ({
      name: item.name.trim(),
      specifications: item.specifications.trim(),
      unit: item.unit.trim() || "pcs",
      quantity: item.quantity.trim() || "1",
      estimatedPrice: item.estimatedPrice.trim() || "0",
    }))
    .filter((item) => item.name.length > 0);
}

export function QuickRequestForm({ formId, defaultValues, originalDeadline, lockedItems, onValid }: {
  formId: string;
  defaultValues: QuickFormValues;
  /** Edit: the stored deadline, sent back unchanged when the date was not touched. */
  originalDeadline?: string;
  /**
   * Edit of a request whose items the server no longer lets change: shown in place of the item
   * fields; the items in the payload are then the default ones, unchanged.
   */
  lockedItems?: ReactNode;
  onValid: (payload: QuickPayload) => void;
}) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const categories = useCategories();
  const { register, control, handleSubmit } = useForm<QuickFormValues>({ defaultValues });
  const { fields, append, remove } = useFieldArray({ control, name: "items" });
  const [error, setError] = useState<string>();

  const submit = handleSubmit((values) => {
    const deadline = originalDeadline && originalDeadline.slice(0, 10) === values.deadline
      ? originalDeadline
      : dateToIso(values.deadline);
    const items = toItems(values.items);
    const candidate = {
      title: values.title.trim(),
      description: values.description.trim(),
      deadline,
      categoryId: values.categoryId ? Number(values.categoryId) : undefined,
      items,
    };
    const parsed = quickPurchaseRequestSchema.safeParse(candidate);
    if (!parsed.success) {
      const message = messageText(parsed.error.issues[0]?.message);
      setError(message);
      toast({ variant: "error", title: t("toast.validationError"), description: message });
      return;
    }
    setError(undefined);
    onValid({ ...candidate, items: items.map((item) => ({ ...item, quantity: Number(item.quantity) })) });
  });

  return (
    <form id={formId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField label={`${t("fields.title")} *`} maxLength={200} {...register("title")} />
      <TextareaField label={t("fields.description")} maxLength={5000} {...register("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={`${t("fields.deadline")} *`} type="date" min={minDeadlineValue()} {...register("deadline")} />
        <SelectField label={t("fields.category")} {...register("categoryId")}>
          <CategoryOptions categories={categories.data} none={t("form.noCategory")} />
        </SelectField>
      </div>
      {lockedItems
        ? (
          <section aria-labelledby={`${formId}-items`} className="flex flex-col gap-2">
            <h4 id={`${formId}-items`} className="font-semibold">{t("form.itemsLegend")}</h4>
            {lockedItems}
          </section>
        )
        : (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-semibold">{t("form.itemsLegend")} *</legend>
            <ItemRows
              keys={fields.map((field) => field.id)}
              labels={{
                remove: t("form.removeItem"),
                removeNamed: (number) => t("form.removeItemNumber", { number }),
                add: t("form.addItem"),
              }}
              onAdd={() => append({ ...EMPTY_QUICK_ITEM })}
              onRemove={remove}
              grid="sm:grid-cols-6"
              removeCell="flex items-end sm:col-span-1"
            >
              {(index) => (
                <>
                  <TextField
                    label={t("items.description")}
                    className="sm:col-span-3"
                    maxLength={200}
                    {...register(`items.${index}.name`)}
                  />
                  <TextField label={t("items.unit")} maxLength={20} {...register(`items.${index}.unit`)} />
                  <NumberField label={t("items.quantity")} min={1} {...register(`items.${index}.quantity`)} />
                  <NumberField
                    label={t("items.estimatedCost")}
                    min={0}
                    step={0.01}
                    {...register(`items.${index}.estimatedPrice`)}
                  />
                  <TextField
                    label={t("items.specifications")}
                    className="sm:col-span-5"
                    maxLength={2000}
                    {...register(`items.${index}.specifications`)}
                  />
                </>
              )}
            </ItemRows>
          </fieldset>
        )}
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
    </form>
  );
}
