/** Audit Logs (spec section 2): filters, the 10 most recent matching entries, View All, Export CSV. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyNote, ListCard, ListState } from "../../../components/list-scaffold.tsx";
import { Can } from "../../../lib/authorization.tsx";
import { auditExportUrl } from "../api/export-audit-logs.ts";
import { type AuditFilter, useAuditLogs } from "../api/get-audit-logs.ts";
import { AuditFilters } from "./audit-filters.tsx";
import { AuditLogDialog } from "./audit-log-dialog.tsx";
import { AuditLogTable } from "./audit-log-table.tsx";

const RECENT = 10;

export default function AuditLogsSection() {
  const { t } = useTranslation("audit-logs");
  // Spec section 9: the date filter starts at 7 days.
  const [filter, setFilter] = useState<AuditFilter>({ range: "7d" });
  const [viewAll, setViewAll] = useState(false);
  const recent = useAuditLogs(filter, { limit: RECENT, offset: 0 });

  return (
    <ListCard
      titleId="audit-title"
      title={t("title")}
      description={t("description")}
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setViewAll(true)}>
            {t("viewAll")}
          </button>
          <Can permission="audit_logs.export">
            <a href={auditExportUrl(filter)} download className="btn btn-primary btn-sm">{t("exportCsv")}</a>
          </Can>
        </div>
      }
      after={<AuditLogDialog open={viewAll} filter={filter} onClose={() => setViewAll(false)} />}
    >
      <AuditFilters filter={filter} onChange={setFilter} />
      <ListState
        query={recent}
        loadError={t("loadError")}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyNote>{t("empty")}</EmptyNote>}
      >
        {(data) => (
          <>
            <AuditLogTable entries={data.items} caption={t("recentCaption")} />
            <p className="text-sm text-base-content/70">
              {t("showing", { count: data.items.length, total: data.total })}
            </p>
          </>
        )}
      </ListState>
    </ListCard>
  );
}
