import { useFieldArray, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { URGENCIES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../categories/api/get-categories.ts";
import { ItemFields } from "../../../components/item-fields.tsx";
import { EMPTY_FULL_ITEM, type FullFormValues } from "./full-form.ts";

export function CreateItemsTab({ form }: { form: UseFormReturn<FullFormValues> }) {
  const { t } = useTranslation("requests");
  const categories = useCategories();
  const { register, control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "items" });
  const items = useWatch({ control, name: "items" });
  const labels = {
    name: t("items.name"),
    quantity: t("items.quantity"),
    unit: t("items.unit"),
    specification: t("items.specification"),
    estimatedPrice: t("items.estimatedPrice"),
    lineTotal: t("items.lineTotal"),
  };
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-4">
          <legend className="px-1 text-sm font-semibold">{t("form.itemNumber", { number: index + 1 })}</legend>
          <ItemFields
            register={register}
            index={index}
            item={items?.[index] ?? EMPTY_FULL_ITEM}
            labels={labels}
          />
          <label className="flex flex-col gap-1 sm:col-span-2">
            <span className="text-sm font-medium">{t("fields.category")}</span>
            <select className="select w-full" {...register(`items.${index}.categoryId`)}>
              <option value="">{t("form.sameAsRequest")}</option>
              {categories.data?.map((category) => <option key={category.id} value={category.id}>{category.name}
              </option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 sm:col-span-2">
            <span className="text-sm font-medium">{t("items.urgency")}</span>
            <select className="select w-full" {...register(`items.${index}.urgency`)}>
              {URGENCIES.map((u) => <option key={u} value={u}>{t(`urgency.${u}`)}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 sm:col-span-3">
            <span className="text-sm font-medium">{t("items.notes")}</span>
            <input className="input w-full" maxLength={2000} {...register(`items.${index}.notes`)} />
          </label>
          <div className="flex items-end">
            <button
              type="button"
              className="btn btn-ghost btn-sm text-error"
              disabled={fields.length <= 1}
              onClick={() =>
                remove(index)}
              aria-label={t("form.removeItemNumber", { number: index + 1 })}
            >
              {t("form.removeItem")}
            </button>
          </div>
        </fieldset>
      ))}
      <div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => append({ ...EMPTY_FULL_ITEM })}>
          {t("form.addItem")}
        </button>
      </div>
    </div>
  );
}
