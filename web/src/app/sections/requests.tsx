/** The purchase requests section with the budgets feature's budget effect inside its approval dialog. */
import RequestsSection from "../../features/requests/components/requests-section.tsx";
import { BudgetEffect } from "../../features/budgets/components/budget-effect.tsx";

export default function Requests() {
  return <RequestsSection BudgetEffect={BudgetEffect} />;
}
