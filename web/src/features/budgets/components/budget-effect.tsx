/**
 * In the approval dialog: what approving the request does to each budget it falls under, and the
 * overrun warning (a finance approval is then needed, or the approval is refused, per the policy).
 * Shown to approvers who may read budgets.
 */
import { useTranslation } from "react-i18next";
import { useCan } from "../../../lib/authorization.tsx";
import { useFormat } from "../../../lib/format.ts";
import { useBudgetEffect } from "../api/get-budgets.ts";
import { useBudgetText } from "./use-budget-text.ts";

export function BudgetEffect({ purchaseRequestId }: { purchaseRequestId: number }) {
  const { t } = useTranslation("budgets");
  const allowed = useCan("budgets.view");
  const query = useBudgetEffect(purchaseRequestId, allowed);
  const text = useBudgetText();
  const fmt = useFormat();
  if (!allowed || !query.data) return null;
  const effect = query.data;
  if (!effect.budgets.length) {
    return <p className="text-sm text-base-content/70" data-testid="budget-effect-none">{t("effect.none")}</p>;
  }
  return (
    <div className="flex flex-col gap-2" data-testid="budget-effect">
      {effect.overrun && (
        <div role="alert" className="alert alert-warning alert-soft" data-testid="budget-overrun">
          {effect.policy === "refuse" ? t("effect.refused") : t("effect.needsFinance")}
        </div>
      )}
      <ul className="flex flex-col gap-1 text-sm">
        {effect.budgets.map((b) => (
          <li key={b.id} className={b.overrun ? "text-error" : ""}>
            {t("effect.line", {
              name: `${text.scope(b)} (${text.period(b)})`,
              remaining: fmt.money(b.remaining, b.currency),
              after: fmt.money(b.after, b.currency),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
