/**
 * The parts of the admin system analytics, shared by the Reports section and the admin dashboard:
 * users by last sign-in, sign-ins per day, outbox and storage; each a chart with its table.
 */
import { useTranslation } from "react-i18next";
import { Chart, DataTable } from "../../../components/report-card.tsx";
import { ChartTable, countChart } from "../../../components/report-tables.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import { ACTIVITIES, type SystemAnalytics } from "../api/get-system-analytics.ts";

export function UsersByActivity({ data, withRoles = true }: { data: SystemAnalytics; withRoles?: boolean }) {
  const { t } = useTranslation("analytics");
  const { t: tc } = useTranslation();
  const fmt = useReportFormat();
  const activity = (a: string) => t(`activity.${a}`);
  const chart = countChart(
    data.users.byActivity.map((r) => ({ label: activity(r.activity), count: r.users })),
    t("columns.users"),
    fmt,
    220,
  );
  return withRoles
    ? (
      <ChartTable
        title={t("users.title")}
        caption={t("users.caption")}
        chart={chart}
        rows={data.users.byRole}
        rowKey={(r) => r.role}
        columns={[
          { header: t("columns.role"), cell: (r) => tc(`roles.${r.role}.name`, { defaultValue: r.role }) },
          { header: t("columns.users"), cell: (r) => fmt.number(r.users), numeric: true },
          ...ACTIVITIES.map((a) => ({
            header: activity(a),
            cell: (r: SystemAnalytics["users"]["byRole"][number]) => fmt.number(r[a]),
            numeric: true,
          })),
          { header: t("columns.inactive"), cell: (r) => fmt.number(r.inactive), numeric: true },
        ]}
      />
    )
    : (
      <ChartTable
        title={t("users.title")}
        caption={t("users.activityCaption")}
        chart={chart}
        rows={data.users.byActivity}
        rowKey={(r) => r.activity}
        columns={[
          { header: t("columns.lastSignIn"), cell: (r) => activity(r.activity) },
          { header: t("columns.users"), cell: (r) => fmt.number(r.users), numeric: true },
        ]}
      />
    );
}

export function SignInsPerDay({ data }: { data: SystemAnalytics }) {
  const { t } = useTranslation("analytics");
  const fmt = useReportFormat();
  const day = (d: string) => fmt.date(d, { utc: true });
  const active = data.signIns.byDay.filter((d) => d.succeeded + d.failed + d.lockouts > 0);
  return (
    <div>
      <h3 className="font-medium">
        {t("signIns.title", {
          succeeded: fmt.number(data.signIns.total.succeeded),
          failed: fmt.number(data.signIns.total.failed),
        })}
      </h3>
      <Chart
        kind="line"
        data={data.signIns.byDay.map((d) => ({ label: d.day, succeeded: d.succeeded, failed: d.failed }))}
        xKey="label"
        series={[
          { key: "succeeded", label: t("columns.succeeded") },
          { key: "failed", label: t("columns.failed") },
        ]}
        integer
        formatValue={(v) => fmt.number(v)}
        formatLabel={day}
        tickInterval="preserveStartEnd"
        height={220}
      />
      {active.length === 0 ? <p className="text-sm text-base-content/70">{t("signIns.none")}</p> : (
        <DataTable
          caption={t("signIns.caption")}
          rows={active}
          rowKey={(r) => r.day}
          columns={[
            { header: t("columns.day"), cell: (r) => day(r.day) },
            { header: t("columns.succeeded"), cell: (r) => fmt.number(r.succeeded), numeric: true },
            { header: t("columns.failed"), cell: (r) => fmt.number(r.failed), numeric: true },
            { header: t("columns.lockouts"), cell: (r) => fmt.number(r.lockouts), numeric: true },
          ]}
        />
      )}
    </div>
  );
}

export function OutboxByStatus({ data }: { data: SystemAnalytics }) {
  const { t } = useTranslation("analytics");
  const fmt = useReportFormat();
  const status = (s: string) => t(`outboxStatus.${s}`);
  return (
    <ChartTable
      title={t("outbox.title")}
      caption={t("outbox.caption")}
      chart={countChart(
        data.outbox.byStatus.map((r) => ({ label: status(r.status), count: r.count })),
        t("columns.messages"),
        fmt,
        220,
      )}
      rows={data.outbox.byStatus}
      rowKey={(r) => r.status}
      columns={[
        { header: t("columns.status"), cell: (r) => status(r.status) },
        { header: t("columns.messages"), cell: (r) => fmt.number(r.count), numeric: true },
      ]}
    />
  );
}

export function StorageByPurpose({ data }: { data: SystemAnalytics }) {
  const { t } = useTranslation("analytics");
  const fmt = useReportFormat();
  const purpose = (p: string) => t(`purpose.${p}`);
  return (
    <ChartTable
      title={t("storage.title")}
      caption={t("storage.caption")}
      chart={{
        horizontal: true,
        data: data.storage.byPurpose.map((r) => ({ label: purpose(r.purpose), bytes: r.bytes })),
        series: [{ key: "bytes", label: t("columns.size") }],
        formatValue: (v) => fmt.bytes(v),
        height: 220,
      }}
      rows={data.storage.byPurpose}
      rowKey={(r) => r.purpose}
      columns={[
        { header: t("columns.purpose"), cell: (r) => purpose(r.purpose) },
        { header: t("columns.files"), cell: (r) => fmt.number(r.files), numeric: true },
        { header: t("columns.size"), cell: (r) => fmt.bytes(r.bytes), numeric: true },
      ]}
    />
  );
}

/** Headline figures: users, sign-ins in the range, email, storage and the database. */
export function systemFigures(
  data: SystemAnalytics,
  t: (k: string) => string,
  fmt: ReturnType<typeof useReportFormat>,
) {
  return [
    { key: "users", label: t("figures.users"), value: fmt.number(data.users.total) },
    { key: "failedSignIns", label: t("figures.failedSignIns"), value: fmt.number(data.signIns.total.failed) },
    { key: "outboxPending", label: t("figures.outboxPending"), value: fmt.number(data.outbox.pending) },
    { key: "outboxFailed", label: t("figures.outboxFailed"), value: fmt.number(data.outbox.failed) },
    { key: "delivered", label: t("figures.delivered"), value: fmt.number(data.outbox.delivered) },
    { key: "files", label: t("figures.files"), value: fmt.bytes(data.storage.bytes) },
    { key: "database", label: t("figures.database"), value: fmt.bytes(data.database.bytes) },
    { key: "signIns", label: t("figures.signIns"), value: fmt.number(data.signIns.total.succeeded) },
  ];
}
