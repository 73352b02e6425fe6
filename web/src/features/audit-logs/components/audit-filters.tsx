import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select.tsx";
import { AUDIT_RANGES } from "../../../../../src/shared/schemas/users.ts";
import { useUsers } from "../../../hooks/use-users.ts";
import type { AuditFilter, AuditRange } from "../api/get-audit-logs.ts";
import { useAuditActions } from "../api/get-audit-actions.ts";
import { KNOWN_AUDIT_ACTIONS, useActionLabel } from "./action-label.ts";

// The server caps one users page at 500, plenty for a filter list of staff and vendors.
const USER_LIMIT = 500;

export function AuditFilters({ filter, onChange }: { filter: AuditFilter; onChange: (next: AuditFilter) => void }) {
  const { t } = useTranslation("audit-logs");
  const id = useId();
  const users = useUsers({ limit: USER_LIMIT, offset: 0 });
  const actions = useAuditActions();
  const actionLabel = useActionLabel();
  // Every known action, and any the server recorded that this build has no label for yet.
  const actionOptions = [...new Set([...KNOWN_AUDIT_ACTIONS, ...(actions.data ?? [])])]
    .map((action) => ({ value: action, label: actionLabel(action) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-range`} className="text-sm font-medium">{t("filters.range")}</label>
        <select
          id={`${id}-range`}
          className="select w-full"
          value={filter.range}
          onChange={(event) => onChange({ ...filter, range: event.target.value as AuditRange })}
        >
          {AUDIT_RANGES.map((range) => <option key={range} value={range}>{t(`ranges.${range}`)}</option>)}
        </select>
      </div>
      <FilterSelect
        label={t("filters.user")}
        allLabel={t("filters.allUsers")}
        value={filter.userId}
        options={(users.data?.items ?? []).map((user) => ({
          value: user.id,
          label: `${`${user.firstName} ${user.lastName}`.trim() || user.email} (${user.email})`,
        }))}
        onChange={(userId) => onChange({ ...filter, userId: Number(userId) || undefined })}
      />
      <FilterSelect
        label={t("filters.action")}
        allLabel={t("filters.allActions")}
        value={filter.action}
        options={actionOptions}
        onChange={(action) => onChange({ ...filter, action })}
      />
    </div>
  );
}
