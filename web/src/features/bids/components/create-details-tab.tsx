import { useEffect, useState } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/error-toast.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import {
  type ConvertiblePurchaseRequest,
  useConvertiblePurchaseRequests,
} from "../api/get-convertible-purchase-requests.ts";
import { type SourcePurchaseRequest, useLoadSourcePurchaseRequest } from "../api/get-purchase-request.ts";
import { type BidFormValues, DEFAULT_CATEGORY_ID, EMPTY_BID_ITEM } from "./bid-form.ts";
import { SelectField, TextField } from "../../../components/form-field.tsx";
import { CategoryOptions } from "../../../components/category-options.tsx";
import { RequestBasicsFields } from "../../../components/wizard/request-fields.tsx";
import { isolate } from "../../../lib/i18n.ts";

/** How long the picker waits after the last keystroke before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  form: UseFormReturn<BidFormValues>;
  items: UseFieldArrayReturn<BidFormValues, "items">;
  /** Editing a saved draft: its source request (if any) stays as it was. */
  editing?: boolean;
};

export function CreateDetailsTab({ form, items, editing = false }: Props) {
  const { t } = useTranslation("bids");
  const categories = useCategories();
  // Type-to-search: the server picks the requests (all of them, 50 a page), the search narrows them.
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => setQ(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, q]);
  const candidates = useConvertiblePurchaseRequests(q);
  // The request picked stays an option while another search shows other matches.
  const [chosen, setChosen] = useState<ConvertiblePurchaseRequest | null>(null);
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
      setChosen(null);
      return;
    }
    const previous = chosen;
    setChosen(candidates.candidates.find((pr) => String(pr.id) === value) ?? previous);
    setLoading(true);
    try {
      prefill(await loadRequest(Number(value)));
    } catch (error) {
      setValue("purchaseRequestId", getValues("purchaseRequestId"));
      setChosen(previous);
      toastError(error, t("convert.loadFailed"), { fallback: t("convert.loadFailedDescription") });
    } finally {
      setLoading(false);
    }
  };

  // One keyed list, so the chosen option keeps its element (and the select its value) across searches.
  const options = chosen && !candidates.candidates.some((pr) => pr.id === chosen.id)
    ? [chosen, ...candidates.candidates]
    : candidates.candidates;
  const purchaseRequestId = register("purchaseRequestId");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1 rounded-box border border-dashed border-base-300 p-3 sm:col-span-2">
        {!editing && (
          <TextField
            label={t("convert.search")}
            type="search"
            placeholder={t("convert.searchPlaceholder")}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            disabled={loading}
          />
        )}
        <SelectField
          label={t("convert.label")}
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
          {options.map((pr) => (
            <option key={pr.id} value={pr.id}>
              {pr.requestId} · {pr.title} ({t(`convert.status.${pr.status}`)})
            </option>
          ))}
        </SelectField>
        <span className="text-xs text-base-content/60" aria-live="polite">
          {loading
            ? t("convert.loading")
            : candidates.isError
            ? t("convert.listFailed")
            : candidates.isSuccess && candidates.candidates.length === 0
            ? q ? t("convert.noMatch", { q: isolate(q) }) : t("convert.noneAvailable")
            : t("convert.hint")}
        </span>
        {!editing && candidates.hasNextPage && (
          <button
            type="button"
            className="btn btn-ghost btn-sm self-start"
            disabled={candidates.isFetchingNextPage}
            onClick={() => void candidates.fetchNextPage()}
          >
            {candidates.isFetchingNextPage && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            {t("convert.more", { shown: candidates.candidates.length })}
          </button>
        )}
      </div>
      <RequestBasicsFields
        register={register}
        labels={{ title: t("fields.title"), description: t("fields.description"), department: t("fields.department") }}
      />
      <SelectField label={t("fields.category")} {...register("categoryId")}>
        <CategoryOptions categories={categories.data} none={t("form.firstItemCategory")} />
      </SelectField>
    </div>
  );
}
