/** Drill-down: the requests (reservations) and purchase orders behind a budget's figures. */
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { useFormat } from "../../../lib/format.ts";
import { type Budget, useBudget } from "../api/get-budgets.ts";
import { useBudgetText } from "./use-budget-text.ts";

export function BudgetDetailDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation("budgets");
  const text = useBudgetText();
  const fmt = useFormat();
  const query = useBudget(budget.id);
  const money = (v: string) => fmt.money(v, budget.currency);
  return (
    <Modal size="lg" title={`${text.scope(budget)} · ${text.period(budget)}`} onClose={onClose}>
      {query.isPending
        ? <Loading label={t("loading")} />
        : query.isError
        ? <LoadError message={t("loadError")} onRetry={() => void query.refetch()} />
        : (
          <div className="flex flex-col gap-3" data-testid="budget-detail">
            <p className="text-sm">
              {t("detailSummary", {
                amount: money(query.data.amount),
                committed: money(query.data.committed),
                spent: money(query.data.spent),
                remaining: money(query.data.remaining),
              })}
            </p>
            {query.data.entries.length === 0
              ? <p className="text-base-content/70">{t("noEntries")}</p>
              : (
                <div className="overflow-x-auto" tabIndex={0} aria-label={t("entriesLabel")}>
                  <table className="table table-sm">
                    <thead>
                      <tr>
                        <th>{t("columns.kind")}</th>
                        <th>{t("columns.number")}</th>
                        <th>{t("columns.title")}</th>
                        <th>{t("columns.status")}</th>
                        <th className="text-end">{t("columns.committed")}</th>
                        <th className="text-end">{t("columns.spent")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {query.data.entries.map((e) => (
                        <tr key={`${e.kind}-${e.id}`} data-testid={`budget-entry-${e.kind}-${e.id}`}>
                          <td>{text.kind(e.kind)}</td>
                          <td>
                            <bdi>{e.number}</bdi>
                          </td>
                          <td>
                            <bdi dir="auto">{e.title}</bdi>
                          </td>
                          <td>{text.status(e.status)}</td>
                          <td className="text-end">
                            <bdi>{money(e.committed)}</bdi>
                          </td>
                          <td className="text-end">
                            <bdi>{money(e.spent)}</bdi>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
          </div>
        )}
    </Modal>
  );
}
