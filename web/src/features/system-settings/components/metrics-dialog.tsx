import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { StatCard } from "../../../components/stat-card.tsx";
import { errorDescription } from "../../../lib/error-toast.ts";
import { useFormat } from "../../../lib/format.ts";
import { useDbMetrics } from "../api/get-db-metrics.ts";

export function MetricsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("system-settings");
  return (
    <ModalDialog open={open} onClose={onClose} title={t("metrics.title")} size="lg" closeButton>
      <MetricsBody />
    </ModalDialog>
  );
}

/** Mounted only while the dialog is open, so each opening fetches current numbers. */
function MetricsBody() {
  const { t } = useTranslation("system-settings");
  const format = useFormat();
  const metrics = useDbMetrics();
  if (metrics.isPending) return <Loading />;
  if (metrics.isError) {
    return (
      <LoadError
        message={errorDescription(metrics.error, { fallback: t("metrics.loadFailed") }) ?? t("metrics.loadFailed")}
        onRetry={() => metrics.refetch()}
      />
    );
  }
  const m = metrics.data;
  const megabytes = m.databaseSize / (1024 * 1024);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard
          label={t("metrics.size")}
          value={t("metrics.megabytes", { value: format.number(megabytes, 1) })}
          loading={false}
          valueClassName="text-2xl"
        />
        <StatCard label={t("metrics.connections")} value={format.number(m.activeConnections)} loading={false} />
        <StatCard label={t("metrics.migrations")} value={format.number(m.migrationsApplied)} loading={false} />
        <StatCard label={t("metrics.outboxPending")} value={format.number(m.outbox.pending)} loading={false} />
        <StatCard label={t("metrics.outboxFailed")} value={format.number(m.outbox.failed)} loading={false} />
        <StatCard label={t("metrics.version")} value={m.serverVersion} loading={false} valueClassName="text-lg" />
      </div>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <caption className="text-start font-medium">{t("metrics.rowCounts")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("metrics.table")}</th>
              <th scope="col" className="text-end">{t("metrics.rows")}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(m.rowCounts).map(([table, count]) => (
              <tr key={table}>
                <td>{t(`tables.${table}`, { defaultValue: table })}</td>
                <td className="text-end tabular-nums">{format.number(count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
