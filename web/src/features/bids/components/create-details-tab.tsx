import { useState } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/error-toast.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import { useConvertiblePurchaseRequests } from "../api/get-convertible-purchase-requests.ts";
import { type SourcePurchaseRequest, useLoadSourcePurchaseRequest } from "../api/get-purchase-request.ts";
import { type BidFormValues, DEFAULT_CATEGORY_ID, EMPTY_BID_ITEM } from "./bid-form.ts";
import { RequestBasicsFields } from "../../../components/wizard/request-fields.tsx";

type Props = {
  form: UseFormReturn<BidFormValues>;
  items: UseFieldArrayReturn<BidFormValues, "items">;
  /** Editing a saved draft: its source request (if any) stays as it was. */
  editing?: boolean;
};

export function CreateDetailsTab({ form, items, editing = false }: Props) {
  const { t } = useTranslation("bids");
  const categories = useCategories();
  const candidates = useConvertiblePurchaseRequests();
  const loadRequest = useLoadSourcePurchaseRequest();
  const [loading, setLoading] = useState(false);
  const { register, setValue, getValues } = form;

  /** Copies the chosen request in; the server takes the items from the request itself anyway. */
  const prefill = (pr: SourcePurchaseRequest) => {
    setValue("purchaseRequestId", String(pr.id));
    setValue("title", pr.title);
    setValue("description", pr.description);
    if (pr.department) setValue("department", pr.department);
    if (pr.category) setValue("categoryId", String(pr.category.id));
    items.replace(pr.items.map((item) => ({
      ...EMPTY_BID_ITEM,
      itemName: item.name,
      specification: item.specifications ?? "",
      quantity: String(item.quantity),
      unit: item.unit || "pcs",
      estimatedPrice: item.estimatedPrice ?? "0",
      categoryId: String(item.categoryId ?? pr.category?.id ?? DEFAULT_CATEGORY_ID),
    })));
  };

  const choose = async (value: string) => {
    if (!value) {
      // Back to a fresh bid request: keep what was typed, but the items are editable again.
      setValue("purchaseRequestId", "");
      return;
    }
    setLoading(true);
    try {
      prefill(await loadRequest(Number(value)));
    } catch (error) {
      setValue("purchaseRequestId", getValues("purchaseRequestId"));
      toastError(error, t("convert.loadFailed"), { fallback: t("convert.loadFailedDescription") });
    } finally {
      setLoading(false);
    }
  };

  const purchaseRequestId = register("purchaseRequestId");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1 rounded-box border border-dashed border-base-300 p-3 sm:col-span-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("convert.label")}</span>
          <select
            className="select w-full"
            {...purchaseRequestId}
            onChange={(event) => {
              void choose(event.target.value);
            }}
            disabled={loading || editing}
          >
            <option value="">{t("convert.none")}</option>
            {editing && getValues("purchaseRequestId") && (
              <option value={getValues("purchaseRequestId")}>
                {t("details.convertedFrom", { id: getValues("purchaseRequestId") })}
              </option>
            )}
            {candidates.data?.map((pr) => (
              <option key={pr.id} value={pr.id}>
                {pr.requestId} · {pr.title} ({t(`convert.status.${pr.status}`)})
              </option>
            ))}
          </select>
        </label>
        <span className="text-xs text-base-content/60">
          {loading
            ? t("convert.loading")
            : candidates.isError
            ? t("convert.listFailed")
            : candidates.data?.length === 0
            ? t("convert.noneAvailable")
            : t("convert.hint")}
        </span>
      </div>
      <RequestBasicsFields
        register={register}
        labels={{ title: t("fields.title"), description: t("fields.description"), department: t("fields.department") }}
      />
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("fields.category")}</span>
        <select className="select w-full" {...register("categoryId")}>
          <option value="">{t("form.firstItemCategory")}</option>
          {categories.data?.map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
        </select>
      </label>
    </div>
  );
}
