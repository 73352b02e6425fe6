import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCategories } from "../../categories/api/get-categories.ts";
import { ItemFields } from "../../../components/item-fields.tsx";
import { lineTotal } from "../../../lib/item-totals.ts";
import { type BidFormValues, EMPTY_BID_ITEM, normalizeQuantity } from "./bid-form.ts";
import { formatMoney } from "../../../lib/format.ts";

type Props = {
  form: UseFormReturn<BidFormValues>;
  items: UseFieldArrayReturn<BidFormValues, "items">;
};

export function CreateItemsTab({ form, items }: Props) {
  const { t, i18n } = useTranslation("bids");
  const categories = useCategories();
  const { register, setValue, control } = form;
  const values = useWatch({ control, name: "items" });
  const converting = !!useWatch({ control, name: "purchaseRequestId" });
  const { fields, append, remove } = items;
  const labels = {
    name: t("items.name"),
    quantity: t("items.quantity"),
    unit: t("items.unit"),
    specification: t("items.specification"),
    estimatedPrice: t("items.estimatedPrice"),
    lineTotal: t("items.lineTotal"),
  };
  const categoryName = (id: string) => categories.data?.find((c) => String(c.id) === id)?.name ?? "-";

  return (
    <div className="flex flex-col gap-4">
      {converting && <div role="note" className="alert alert-info alert-soft text-sm">{t("form.convertedItems")}</div>}
      {fields.map((field, index) => {
        const item = values?.[index] ?? EMPTY_BID_ITEM;
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-4">
            <legend className="px-1 text-sm font-semibold">
              {t("form.itemNumber", { number: String(index + 1) })}
            </legend>
            {converting
              ? (
                // The request's own items are the bid's items: shown, not editable.
                <dl className="grid gap-3 sm:col-span-4 sm:grid-cols-4">
                  <div className="sm:col-span-2">
                    <dt className="text-sm text-base-content/60">{t("items.name")}</dt>
                    <dd className="font-medium break-words">{item.itemName}</dd>
                    {item.specification && <dd className="text-sm text-base-content/70">{item.specification}</dd>}
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
                    onQuantityBlur={(value) => setValue(`items.${index}.quantity`, normalizeQuantity(value))}
                  />
                  <label className="flex flex-col gap-1 sm:col-span-4">
                    <span className="text-sm font-medium">{t("items.category")}</span>
                    <select className="select w-full" {...register(`items.${index}.categoryId`)}>
                      {categories.data?.map((category) => (
                        <option key={category.id} value={category.id}>{category.name}</option>
                      ))}
                    </select>
                  </label>
                </>
              )}
            <label className="flex flex-col gap-1 sm:col-span-2">
              <span className="text-sm font-medium">{t("items.technicalRequirements")}</span>
              <textarea
                className="textarea w-full"
                rows={2}
                maxLength={2000}
                {...register(`items.${index}.technicalRequirements`)}
              />
            </label>
            <label className="flex flex-col gap-1 sm:col-span-2">
              <span className="text-sm font-medium">{t("items.evaluationCriteria")}</span>
              <textarea
                className="textarea w-full"
                rows={2}
                maxLength={2000}
                {...register(`items.${index}.evaluationCriteria`)}
              />
            </label>
            {!converting && (
              <div className="flex justify-end sm:col-span-4">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  disabled={fields.length <= 1}
                  onClick={() => remove(index)}
                  aria-label={t("form.removeItemNumber", { number: String(index + 1) })}
                >
                  {t("form.removeItem")}
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      {!converting && (
        <div>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => append({ ...EMPTY_BID_ITEM })}>
            {t("form.addItem")}
          </button>
        </div>
      )}
    </div>
  );
}
