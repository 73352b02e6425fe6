import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../lib/authorization.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { useFormat } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.tsx";
import { useSystemSettings } from "../api/get-system-settings.ts";
import { useRunMigrations } from "../api/run-migrations.ts";
import { useTestDbConnection } from "../api/test-db-connection.ts";
import { MetricsDialog } from "./metrics-dialog.tsx";

/** Database Configuration: status from the last connection test, kind, pool size and the tools. */
export function DatabaseCard() {
  const { t } = useTranslation("system-settings");
  const format = useFormat();
  const settings = useSystemSettings();
  const test = useTestDbConnection();
  const migrations = useRunMigrations();
  const [metricsOpen, setMetricsOpen] = useState(false);
  // Until a test fails the page loaded through the database, so it is connected.
  const connected = !test.isError && !settings.isError;
  const db = settings.data?.database;

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (r) =>
        toast({
          variant: "success",
          title: t("database.connectedTitle"),
          description: t("database.connectedDescription", { ms: format.number(r.responseTime, 2) }),
        }),
      onError: (error) => toastError(error, t("database.connectionFailed")),
    });
  const onMigrate = () =>
    migrations.mutate(undefined, {
      onSuccess: (r) =>
        toast({
          variant: "success",
          title: t("database.migrationsComplete"),
          description: r.applied.length
            ? t("database.migrationsApplied", { versions: r.applied.join(", ") })
            : t("database.migrationsUpToDate"),
        }),
      onError: (error) => toastError(error, t("database.migrationFailed")),
    });

  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h3 className="card-title">{t("database.title")}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-base-content/70">{t("database.status")}</dt>
          <dd>
            <span className={`badge ${connected ? "badge-success" : "badge-error"}`}>
              {connected ? t("database.connected") : t("database.error")}
            </span>
          </dd>
          <dt className="text-base-content/70">{t("database.kind")}</dt>
          <dd>{db ? (db.kind === "postgresql" ? t("database.postgresql") : t("database.pglite")) : "-"}</dd>
          <dt className="text-base-content/70">{t("database.poolMax")}</dt>
          <dd>{db ? format.number(db.poolMax) : "-"}</dd>
        </dl>
        <div className="card-actions flex-wrap">
          <button type="button" className="btn btn-outline btn-sm" onClick={onTest} disabled={test.isPending}>
            {test.isPending ? t("database.testing") : t("database.testConnection")}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setMetricsOpen(true)}>
            {t("database.viewMetrics")}
          </button>
          <Can permission="system_settings.edit">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={onMigrate}
              disabled={migrations.isPending}
            >
              {migrations.isPending ? t("database.migrating") : t("database.runMigrations")}
            </button>
          </Can>
        </div>
      </div>
      <MetricsDialog open={metricsOpen} onClose={() => setMetricsOpen(false)} />
    </div>
  );
}
