/** The one filter bar of the reports: date range (presets or custom), category, department, status. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select.tsx";
import { SelectField, TextField } from "../../../components/form-field.tsx";
import { useCategories } from "../../../hooks/use-categories.ts";
import { BID_STATUSES, type FilterState, PR_STATUSES, RANGES, resolveFilter } from "../../../lib/report-filter.ts";

const STATUSES = [...new Set<string>([...PR_STATUSES, ...BID_STATUSES])];

export function FilterBar({ state, onChange }: { state: FilterState; onChange: (next: FilterState) => void }) {
  const { t } = useTranslation("reports");
  const categories = useCategories();
  const [department, setDepartment] = useState(state.department ?? "");
  useEffect(() => setDepartment(state.department ?? ""), [state.department]);
  const commitDepartment = () => {
    const value = department.trim() || undefined;
    if (value !== state.department) onChange({ ...state, department: value });
  };

  return (
    <form
      role="search"
      aria-label={t("filters.label")}
      className="grid gap-3 rounded-box bg-base-100 p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => {
        event.preventDefault();
        commitDepartment();
      }}
    >
      <SelectField
        label={t("filters.range")}
        value={state.range}
        data-testid="report-range"
        onChange={(event) => {
          const range = event.target.value as FilterState["range"];
          // A custom range starts from the dates the preset showed.
          const shown = resolveFilter(state);
          onChange({
            ...state,
            range,
            from: range === "custom" ? shown.from : undefined,
            to: range === "custom" ? shown.to : undefined,
          });
        }}
      >
        {RANGES.map((r) => <option key={r} value={r}>{t(`ranges.${r}`)}</option>)}
      </SelectField>
      {state.range === "custom" && (
        <>
          <TextField
            label={t("filters.from")}
            type="date"
            value={state.from ?? ""}
            max={state.to}
            onChange={(event) => onChange({ ...state, from: event.target.value || undefined })}
          />
          <TextField
            label={t("filters.to")}
            type="date"
            value={state.to ?? ""}
            min={state.from}
            onChange={(event) => onChange({ ...state, to: event.target.value || undefined })}
          />
        </>
      )}
      <FilterSelect
        label={t("filters.category")}
        allLabel={t("filters.allCategories")}
        value={state.categoryId}
        options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        onChange={(v) => onChange({ ...state, categoryId: v ? Number(v) : undefined })}
      />
      <TextField
        label={t("filters.department")}
        type="search"
        value={department}
        maxLength={100}
        placeholder={t("filters.allDepartments")}
        onChange={(event) => setDepartment(event.target.value)}
        onBlur={commitDepartment}
      />
      <FilterSelect
        label={t("filters.status")}
        allLabel={t("filters.allStatuses")}
        value={state.status}
        options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        onChange={(v) => onChange({ ...state, status: v })}
      />
    </form>
  );
}
