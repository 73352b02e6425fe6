import { useFieldArray, type UseFormReturn, useWatch } from "react-hook-form";
import { SelectField, TextField } from "../../../components/form-field.tsx";
import { CategoryOptions } from "../../../components/category-options.tsx";
import { useTranslation } from "react-i18next";
import { URGENCIES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import { type ItemErrors, itemFieldLabels, ItemFields, ItemRows } from "../../../components/item-fields.tsx";
import { EMPTY_FULL_ITEM, type FullFormValues } from "./full-form.ts";

export function CreateItemsTab({ form, errors }: { form: UseFormReturn<FullFormValues>; errors: ItemErrors }) {
  const { t } = useTranslation("requests");
  const categories = useCategories();
  const { register, control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "items" });
  const items = useWatch({ control, name: "items" });
  const labels = itemFieldLabels(t);
  return (
    <div className="flex flex-col gap-4">
      <ItemRows
        keys={fields.map((field) => field.id)}
        labels={{
          legend: (number) => t("form.itemNumber", { number }),
          remove: t("form.removeItem"),
          removeNamed: (number) => t("form.removeItemNumber", { number }),
          add: t("form.addItem"),
        }}
        onAdd={() => append({ ...EMPTY_FULL_ITEM })}
        onRemove={remove}
      >
        {(index) => (
          <>
            <ItemFields
              register={register}
              index={index}
              item={items?.[index] ?? EMPTY_FULL_ITEM}
              labels={labels}
              errors={errors[index]}
            />
            <SelectField
              label={t("fields.category")}
              className="sm:col-span-2"
              {...register(`items.${index}.categoryId`)}
            >
              <CategoryOptions categories={categories.data} none={t("form.sameAsRequest")} />
            </SelectField>
            <SelectField label={t("items.urgency")} className="sm:col-span-2" {...register(`items.${index}.urgency`)}>
              {URGENCIES.map((u) => <option key={u} value={u}>{t(`urgency.${u}`)}</option>)}
            </SelectField>
            <TextField
              label={t("items.notes")}
              className="sm:col-span-3"
              maxLength={2000}
              {...register(`items.${index}.notes`)}
            />
          </>
        )}
      </ItemRows>
    </div>
  );
}
