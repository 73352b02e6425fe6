import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PR_STATUSES, type PrStatus } from "../../../../../src/shared/status/purchase-request.ts";
import { REQUEST_TYPES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategoryOptions } from "../api/get-categories.ts";
import type { RequestType } from "../api/get-purchase-requests.ts";

export type ListFilters = { status?: PrStatus; categoryId?: number; requestType?: RequestType; q?: string };

const SEARCH_DEBOUNCE_MS = 300;

/** Status, category, type and a debounced text search; every filter runs on the server. */
export function RequestFilters({ value, onChange }: { value: ListFilters; onChange: (next: ListFilters) => void }) {
  const { t } = useTranslation("requests");
  const categories = useCategoryOptions();
  const [search, setSearch] = useState(value.q ?? "");

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (value.q ?? "")) return;
    const timer = setTimeout(() => onChange({ ...value, q: trimmed || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  return (
    <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("filters.search")}</span>
        <input
          type="search"
          className="input w-full"
          placeholder={t("filters.searchPlaceholder")}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("filters.status")}</span>
        <select
          className="select w-full"
          value={value.status ?? ""}
          onChange={(event) =>
            onChange({ ...value, status: (event.target.value || undefined) as PrStatus | undefined })}
        >
          <option value="">{t("filters.allStatuses")}</option>
          {PR_STATUSES.map((status) => <option key={status} value={status}>{t(`status.${status}`)}</option>)}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("filters.category")}</span>
        <select
          className="select w-full"
          value={value.categoryId ?? ""}
          onChange={(event) =>
            onChange({ ...value, categoryId: event.target.value ? Number(event.target.value) : undefined })}
        >
          <option value="">{t("filters.allCategories")}</option>
          {categories.data?.map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("filters.requestType")}</span>
        <select
          className="select w-full"
          value={value.requestType ?? ""}
          onChange={(event) =>
            onChange({ ...value, requestType: (event.target.value || undefined) as RequestType | undefined })}
        >
          <option value="">{t("filters.allTypes")}</option>
          {REQUEST_TYPES.map((type) => <option key={type} value={type}>{t(`requestType.${type}`)}</option>)}
        </select>
      </label>
    </div>
  );
}
