/** Audit Logs (spec section 2): filters, the 10 most recent matching entries, View All, Export CSV. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
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

  let body;
  if (recent.isPending) {
    body = <Loading />;
  } else if (recent.isError) {
    body = <LoadError message={t("loadError")} onRetry={() => void recent.refetch()} />;
  } else if (recent.data.items.length === 0) {
    body = <p className="rounded-box bg-base-200 p-8 text-center text-base-content/70">{t("empty")}</p>;
  } else {
    body = (
      <>
        <AuditLogTable entries={recent.data.items} caption={t("recentCaption")} />
        <p className="text-sm text-base-content/70">
          {t("showing", { count: recent.data.items.length, total: recent.data.total })}
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby="audit-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="audit-title" className="card-title text-xl">{t("title")}</h2>
            <p className="text-base-content/70">{t("description")}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setViewAll(true)}>
              {t("viewAll")}
            </button>
            <Can permission="audit_logs.export">
              <a href={auditExportUrl(filter)} download className="btn btn-primary btn-sm">{t("exportCsv")}</a>
            </Can>
          </div>
        </div>
        <AuditFilters filter={filter} onChange={setFilter} />
        {body}
      </div>
      <AuditLogDialog open={viewAll} filter={filter} onClose={() => setViewAll(false)} />
    </section>
  );
}
