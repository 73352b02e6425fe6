/**
 * One report of the section: its query under the filter, its card (title and description from
 * "<kind>.title" and "<kind>.description", CSV and XLSX export, loading, error and empty states),
 * and what `children` draws from the loaded data.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ReportData, reportExportUrl, type ReportKind, useReport } from "../../../hooks/use-report.ts";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { ReportCard } from "../../../components/report-card.tsx";

export type ReportFormat = ReturnType<typeof useReportFormat>;

export function LiveReport<K extends ReportKind>({ kind, filter, isEmpty, currency, documents, children }: {
  kind: K;
  filter: ReportFilterValues;
  isEmpty: (data: ReportData[K]) => boolean;
  /** The currency amounts are shown in, from the data (USD unless given). */
  currency?: (data: ReportData[K] | undefined) => string;
  documents?: { href: string; label: string }[];
  children: (data: ReportData[K], fmt: ReportFormat) => ReactNode;
}) {
  const { t } = useTranslation("reports");
  const query = useReport(kind, filter);
  const data = query.data;
  const fmt = useReportFormat(currency?.(data));
  const name: ReportKind = kind;
  return (
    <ReportCard
      id={kind}
      title={t(`${name}.title`)}
      description={t(`${name}.description`)}
      exportUrl={reportExportUrl(kind, filter)}
      documents={documents}
      query={query}
      isEmpty={!data || isEmpty(data)}
    >
      {data && children(data, fmt)}
    </ReportCard>
  );
}
