/**
 * The standalone /quotation-management page: live counts, sealed bids still collecting
 * submissions, and the ten most recent quotations with their details (design section 1: no sample figures).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyNote, ListCard, ListState, ListTable } from "../../../components/list-scaffold.tsx";
import { StatCard } from "../../../components/stat-card.tsx";
import { StandalonePage } from "../../../components/standalone-page.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { useQuotationStats } from "../api/get-quotation-stats.ts";
import { useQuotations } from "../api/get-quotations.ts";
import { useFormat } from "./format.ts";
import { QuotationDetailsDialog } from "./quotation-details-dialog.tsx";
import { QuotationStatusBadge } from "./status-badge.tsx";
import { ActionButton } from "../../../components/action-button.tsx";

const RECENT = { limit: 10, offset: 0 } as const;

const COUNTS = [
  ["total", "stats.total"],
  ["submitted", "status.submitted"],
  ["underReview", "status.under_review"],
  ["approved", "status.approved"],
  ["rejected", "status.rejected"],
] as const;

function StatCards() {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const stats = useQuotationStats();
  const count = (n: number | undefined) => n === undefined ? "-" : format.number(n);
  const value = (n: number | undefined) =>
    stats.isPending
      ? <span className="loading loading-dots loading-sm" aria-label={t("translation:common.loading")} />
      : count(n);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
        {COUNTS.map(([key, label]) => (
          <StatCard
            key={key}
            label={t(label)}
            loading={stats.isPending}
            value={count(stats.data?.[key])}
            note={stats.isError ? t("stats.noData") : undefined}
          />
        ))}
      </div>
      <section aria-labelledby="sealed-bids-title" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-2">
          <h2 id="sealed-bids-title" className="card-title">{t("page.sealedTitle")}</h2>
          <div className="grid grid-cols-2 gap-4">
            <div className="stat p-0">
              <div className="stat-title whitespace-normal">{t("page.sealedBids")}</div>
              <div className="stat-value text-2xl">{value(stats.data?.sealedBids)}</div>
            </div>
            <div className="stat p-0">
              <div className="stat-title whitespace-normal">{t("page.sealedSubmissions")}</div>
              <div className="stat-value text-2xl">{value(stats.data?.sealedSubmissions)}</div>
            </div>
          </div>
          <p className="text-sm text-base-content/70">{t("page.sealedNote")}</p>
        </div>
      </section>
    </div>
  );
}

function RecentQuotations() {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const query = useQuotations(RECENT);
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <ListCard
      titleId="recent-quotations-title"
      title={t("page.recentTitle")}
      after={viewing !== null && <QuotationDetailsDialog id={viewing} onClose={() => setViewing(null)} />}
    >
      <ListState
        query={query}
        loadError={t("loadError")}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyNote>{t("empty")}</EmptyNote>}
      >
        {(data) => (
          <ListTable
            caption={t("page.recentTitle")}
            columns={[
              t("page.request"),
              t("card.vendor"),
              t("details.status"),
              { label: t("card.totalAmount"), end: true },
              { label: t("page.actions"), srOnly: true },
            ]}
          >
            {data.items.map((q) => (
              <tr key={q.id}>
                <td>
                  <span className="block font-mono text-sm" dir="ltr">{q.requestNumber}</span>
                  <span className="block text-xs text-base-content/60 break-words" dir="auto">
                    {q.purchaseRequestTitle}
                  </span>
                </td>
                <td className="break-words">
                  <bdi dir="auto">{q.vendorName}</bdi>
                </td>
                <td>
                  <QuotationStatusBadge status={q.status} />
                </td>
                <td className="text-end whitespace-nowrap">{format.money(q.totalAmount, q.currency)}</td>
                <td className="text-end">
                  <ActionButton
                    label={t("actions.viewDetails")}
                    name={t("actions.viewDetailsOf", { vendor: isolate(q.vendorName) })}
                    onClick={() => setViewing(q.id)}
                  />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListState>
    </ListCard>
  );
}

export default function QuotationManagementPage() {
  const { t } = useTranslation("quotations");
  // Staff only: the API refuses vendors, so they get a note instead of failing requests.
  const canCompare = useCan("quotations.compare");
  return (
    <StandalonePage title={t("translation:pages.quotationManagement.title")}>
      {canCompare
        ? (
          <div className="flex flex-col gap-4">
            <StatCards />
            <RecentQuotations />
          </div>
        )
        : <div role="alert" className="alert alert-warning alert-soft">{t("page.noAccess")}</div>}
    </StandalonePage>
  );
}
