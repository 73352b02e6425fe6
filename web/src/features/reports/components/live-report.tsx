/**
 * One report of the section: its query under the filter, its card (title and description of its
 * kind, CSV and XLSX export, loading, error and empty states), and what `children` draws from the
 * loaded data.
 */
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type ReportData, reportExportUrl, type ReportKind, useReport } from "../../../hooks/use-report.ts";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { ReportCard } from "../../../components/report-card.tsx";

export type ReportFormat = ReturnType<typeof useReportFormat>;

/**
 * Every kind's title and description, each a literal t() of its key so the locales test checks the key;
 * a Record, so a new kind cannot go without its strings.
 */
const reportText = (t: TFunction<"reports">): Record<ReportKind, { title: string; description: string }> => ({
  spend: { title: t("spend.title"), description: t("spend.description") },
  savings: { title: t("savings.title"), description: t("savings.description") },
  pipeline: { title: t("pipeline.title"), description: t("pipeline.description") },
  approvals: { title: t("approvals.title"), description: t("approvals.description") },
  bidding: { title: t("bidding.title"), description: t("bidding.description") },
  vendors: { title: t("vendors.title"), description: t("vendors.description") },
});

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
  const { title, description } = reportText(t)[kind];
  return (
    <ReportCard
      id={kind}
      title={title}
      description={description}
      exportUrl={reportExportUrl(kind, filter)}
      documents={documents}
      query={query}
      isEmpty={!data || isEmpty(data)}
    >
      {data && children(data, fmt)}
    </ReportCard>
  );
}
