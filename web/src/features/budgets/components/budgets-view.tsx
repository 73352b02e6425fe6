/**
 * The Budgets screen: per department / category and period, budget, committed, spent and remaining,
 * with a chart (its table is the text alternative), the totals, drill-down to the requests and
 * orders behind each figure, CSV/XLSX export, and (budgets.manage) create, edit, delete and the
 * overrun policy and fiscal year start.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/form-field.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { Can } from "../../../lib/authorization.tsx";
import { Chart } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import { type Budget, budgetExportUrl, useBudgets } from "../api/get-budgets.ts";
import { BudgetDetailDialog } from "./budget-detail-dialog.tsx";
import { BudgetDialog } from "./budget-dialog.tsx";
import { BudgetSettingsDialog } from "./budget-settings-dialog.tsx";
import { DeleteBudgetDialog } from "./delete-budget-dialog.tsx";
import { useBudgetText } from "./use-budget-text.ts";
import { ActionButton } from "../../../components/action-button.tsx";

type Open =
  | { kind: "create" }
  | { kind: "edit"; budget: Budget }
  | { kind: "delete"; budget: Budget }
  | { kind: "detail"; budget: Budget }
  | { kind: "settings" }
  | null;

const negative = (v: string) => v.startsWith("-");

export function BudgetsView() {
  const { t } = useTranslation("budgets");
  const [fiscalYear, setFiscalYear] = useState<number | null>(new Date().getFullYear());
  const [open, setOpen] = useState<Open>(null);
  const query = useBudgets(fiscalYear);
  const fmt = useReportFormat();
  const text = useBudgetText();
  const years = [...new Set([new Date().getFullYear(), ...(query.data?.fiscalYears ?? [])])].sort((a, b) => b - a);
  const money = (b: { currency?: string }, v: string) => fmt.money(v, b.currency);
  const data = query.data;

  return (
    <div className="flex flex-col gap-4" data-testid="budgets-view">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t("fiscalYear")}
          selectClassName="select select-sm w-40"
          value={fiscalYear ?? ""}
          onChange={(e) => setFiscalYear(e.target.value ? Number(e.target.value) : null)}
          data-testid="budgets-year"
        >
          <option value="">{t("allYears")}</option>
          {years.map((y) => <option key={y} value={y}>{text.fiscalYear(y)}</option>)}
        </SelectField>
        <div className="flex flex-wrap gap-2">
          <a href={budgetExportUrl(fiscalYear, "csv")} download className="btn btn-outline btn-sm">{t("exportCsv")}</a>
          <a href={budgetExportUrl(fiscalYear, "xlsx")} download className="btn btn-outline btn-sm">
            {t("exportXlsx")}
          </a>
          <Can permission="budgets.manage">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen({ kind: "settings" })}>
              {t("settings.open")}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setOpen({ kind: "create" })}
              data-testid="budget-new"
            >
              {t("create")}
            </button>
          </Can>
        </div>
      </div>

      {data && (
        <p className="text-sm text-base-content/70" data-testid="budget-policy">
          {t(`policy.${data.settings.overrunPolicy}`)} ·{" "}
          {t("startMonth", { month: text.month(data.settings.fiscalYearStartMonth) })}
        </p>
      )}

      {query.isPending
        ? <Loading label={t("loading")} />
        : query.isError
        ? <LoadError message={t("loadError")} onRetry={() => void query.refetch()} />
        : !data || data.budgets.length === 0
        ? (
          <p className="rounded-box bg-base-200 p-8 text-center text-base-content/70" data-testid="budgets-empty">
            {t("empty")}
          </p>
        )
        : (
          <>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="budget-totals">
              {(["amount", "committed", "spent", "remaining"] as const).map((key) => (
                <div key={key} className="rounded-box bg-base-100 p-4 shadow-sm" data-testid={`budget-total-${key}`}>
                  <dt className="text-sm text-base-content/70">{t(`columns.${key}`)}</dt>
                  <dd className={`text-xl font-semibold ${negative(data.totals[key]) ? "text-error" : ""}`}>
                    <bdi>{fmt.money(data.totals[key])}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <section className="card bg-base-100 shadow-sm" aria-labelledby="budget-chart-title">
              <div className="card-body gap-3">
                <h2 id="budget-chart-title" className="card-title text-lg">{t("chartTitle")}</h2>
                <div aria-hidden="true" inert>
                  <Chart
                    data={data.budgets.map((b) => ({
                      label: text.scope(b),
                      committed: Number(b.committed),
                      spent: Number(b.spent),
                      remaining: Math.max(Number(b.remaining), 0),
                    }))}
                    xKey="label"
                    horizontal
                    series={[
                      { key: "spent", label: t("columns.spent") },
                      { key: "committed", label: t("columns.committed") },
                      { key: "remaining", label: t("columns.remaining") },
                    ]}
                    formatValue={(v) => fmt.amountTick(v)}
                    height={Math.max(200, 60 + data.budgets.length * 48)}
                  />
                </div>
              </div>
            </section>
            <div
              className="overflow-x-auto rounded-box bg-base-100 shadow-sm"
              tabIndex={0}
              aria-label={t("tableLabel")}
            >
              <table className="table" data-testid="budgets-table">
                <thead>
                  <tr>
                    <th>{t("columns.scope")}</th>
                    <th>{t("columns.period")}</th>
                    <th className="text-end">{t("columns.amount")}</th>
                    <th className="text-end">{t("columns.committed")}</th>
                    <th className="text-end">{t("columns.spent")}</th>
                    <th className="text-end">{t("columns.remaining")}</th>
                    <th>
                      <span className="sr-only">{t("columns.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.budgets.map((b) => (
                    <tr key={b.id} data-testid={`budget-row-${b.id}`}>
                      <td>
                        <bdi>{text.scope(b)}</bdi>
                      </td>
                      <td>{text.period(b)}</td>
                      <td className="text-end">
                        <bdi>{money(b, b.amount)}</bdi>
                      </td>
                      <td className="text-end" data-testid="budget-committed">
                        <bdi>{money(b, b.committed)}</bdi>
                      </td>
                      <td className="text-end" data-testid="budget-spent">
                        <bdi>{money(b, b.spent)}</bdi>
                      </td>
                      <td className={`text-end ${negative(b.remaining) ? "text-error font-semibold" : ""}`}>
                        <bdi>{money(b, b.remaining)}</bdi>
                      </td>
                      <td>
                        <div className="flex justify-end gap-1">
                          <ActionButton
                            label={t("details")}
                            className="btn btn-ghost btn-xs"
                            onClick={() => setOpen({ kind: "detail", budget: b })}
                            name={t("detailsOf", { name: text.scope(b) })}
                          />
                          <Can permission="budgets.manage">
                            <ActionButton
                              label={t("edit")}
                              className="btn btn-ghost btn-xs"
                              onClick={() => setOpen({ kind: "edit", budget: b })}
                              name={t("editOf", { name: text.scope(b) })}
                            />
                            <ActionButton
                              label={t("delete")}
                              className="btn btn-ghost btn-xs text-error"
                              onClick={() => setOpen({ kind: "delete", budget: b })}
                              name={t("deleteOf", { name: text.scope(b) })}
                            />
                          </Can>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}

      {(open?.kind === "create" || open?.kind === "edit") && (
        <BudgetDialog
          budget={open.kind === "edit" ? open.budget : undefined}
          defaultYear={fiscalYear ?? new Date().getFullYear()}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === "delete" && <DeleteBudgetDialog budget={open.budget} onClose={() => setOpen(null)} />}
      {open?.kind === "detail" && <BudgetDetailDialog budget={open.budget} onClose={() => setOpen(null)} />}
      {open?.kind === "settings" && data && (
        <BudgetSettingsDialog
          settings={data.settings}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
