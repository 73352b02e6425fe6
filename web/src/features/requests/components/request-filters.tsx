import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/form-field.tsx";
import { PR_STATUSES, type PrStatus } from "../../../../../src/shared/status/purchase-request.ts";
import { REQUEST_TYPES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import { FilterSelect } from "../../../components/filter-select.tsx";
import type { RequestType } from "../api/get-purchase-requests.ts";

export type ListFilters = { status?: PrStatus; categoryId?: number; requestType?: RequestType; q?: string };

const SEARCH_DEBOUNCE_MS = 300;

/** Status, category, type and a debounced text search; every filter runs on the server. */
export function RequestFilters({ value, onChange }: { value: ListFilters; onChange: (next: ListFilters) => void }) {
  const { t } = useTranslation("requests");
  const categories = useCategories();
  const [search, setSearch] = useState(value.q ?? "");

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (value.q ?? "")) return;
    const timer = setTimeout(() => onChange({ ...value, q: trimmed || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  return (
    <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label={t("filters.search")}
        type="search"
        placeholder={t("filters.searchPlaceholder")}
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
      />
      <FilterSelect
        label={t("filters.status")}
        allLabel={t("filters.allStatuses")}
        value={value.status}
        options={PR_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        onChange={(status) => onChange({ ...value, status: status as PrStatus | undefined })}
      />
      <FilterSelect
        label={t("filters.category")}
        allLabel={t("filters.allCategories")}
        value={value.categoryId}
        options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
        onChange={(id) => onChange({ ...value, categoryId: id ? Number(id) : undefined })}
      />
      <FilterSelect
        label={t("filters.requestType")}
        allLabel={t("filters.allTypes")}
        value={value.requestType}
        options={REQUEST_TYPES.map((type) => ({ value: type, label: t(`requestType.${type}`) }))}
        onChange={(type) => onChange({ ...value, requestType: type as RequestType | undefined })}
      />
    </div>
  );
}
