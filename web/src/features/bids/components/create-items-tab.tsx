import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { useWatch } from "react-hook-form";
import { SelectField, TextareaField } from "../../../components/form-field.tsx";
import { CategoryOptions } from "../../../components/category-options.tsx";
import { useTranslation } from "react-i18next";
import { useCategories } from "../../../hooks/use-categories.ts";
import { type ItemErrors, itemFieldLabels, ItemFields, ItemRows } from "../../../components/item-fields.tsx";
import { lineTotal } from "../../../lib/item-totals.ts";
import { type BidFormValues, EMPTY_BID_ITEM, normalizeQuantity } from "./bid-form.ts";
import { formatMoney } from "../../../lib/format.ts";

type Props = {
  form: UseFormReturn<BidFormValues>;
  items: UseFieldArrayReturn<BidFormValues, "items">;
  errors: ItemErrors;
};

export function CreateItemsTab({ form, items, errors }: Props) {
  const { t, i18n } = useTranslation("bids");
  const categories = useCategories();
  const { register, setValue, control } = form;
  const values = useWatch({ control, name: "items" });
  const converting = !!useWatch({ control, name: "purchaseRequestId" });
  const { fields, append, remove } = items;
  const labels = itemFieldLabels(t);
  const categoryName = (id: string) => categories.data?.find((c) => String(c.id) === id)?.name ?? "-";

  return (
    <div className="flex flex-col gap-4">
      {converting && <div role="note" className="alert alert-info alert-soft text-sm">{t("form.convertedItems")}</div>}
      <ItemRows
        keys={fields.map((field) => field.id)}
        labels={{
          legend: (number) => t("form.itemNumber", { number: String(number) }),
          remove: t("form.removeItem"),
          removeNamed: (number) => t("form.removeItemNumber", { number: String(number) }),
          add: t("form.addItem"),
        }}
        onAdd={() => append({ ...EMPTY_BID_ITEM })}
        onRemove={remove}
        editable={!converting}
        removeCell="flex justify-end sm:col-span-4"
      >
        {(index) => {
          const item = values?.[index] ?? EMPTY_BID_ITEM;
          return (
            <>
              {converting
                ? (
                  // The request's own items are the bid's items: shown, not editable.
                  <dl className="grid gap-3 sm:col-span-4 sm:grid-cols-4">
                    <div className="sm:col-span-2">
                      <dt className="text-sm text-base-content/60">{t("items.name")}</dt>
                      <dd className="font-medium break-words" dir="auto">{item.itemName}</dd>
                      {item.specification && (
                        <dd className="text-sm text-base-content/70" dir="auto">{item.specification}</dd>
                      )}
                    </div>
                    <div>
                      <dt className="text-sm text-base-content/60">{t("items.quantity")}</dt>
                      <dd>
                        <bdi>{`${item.quantity} ${item.unit}`}</bdi>
                      </dd>
                    </div>
                    <div>
                      <dt className="text-sm text-base-content/60">{t("items.estimatedPrice")}</dt>
                      <dd>{formatMoney(item.estimatedPrice || "0", i18n.language)}</dd>
                    </div>
                    <div className="sm:col-span-2">
                      <dt className="text-sm text-base-content/60">{t("items.category")}</dt>
                      <dd>{categoryName(item.categoryId)}</dd>
                    </div>
                    <div>
                      <dt className="text-sm text-base-content/60">{t("items.lineTotal")}</dt>
                      <dd className="font-semibold">{formatMoney(lineTotal(item), i18n.language)}</dd>
                    </div>
                  </dl>
                )
                : (
                  <>
                    <ItemFields
                      register={register}
                      index={index}
                      item={item}
                      labels={labels}
                      errors={errors[index]}
                      onQuantityBlur={(value) => setValue(`items.${index}.quantity`, normalizeQuantity(value))}
                    />
                    <SelectField
                      label={t("items.category")}
                      className="sm:col-span-4"
                      {...register(`items.${index}.categoryId`)}
                    >
                      <CategoryOptions categories={categories.data} />
                    </SelectField>
                  </>
                )}
              {(["technicalRequirements", "evaluationCriteria"] as const).map((name) => (
                <TextareaField
                  key={name}
                  label={t(`items.${name}`)}
                  className="sm:col-span-2"
                  rows={2}
                  maxLength={2000}
                  {...register(`items.${index}.${name}`)}
                />
              ))}
            </>
          );
        }}
      </ItemRows>
    </div>
  );
}
