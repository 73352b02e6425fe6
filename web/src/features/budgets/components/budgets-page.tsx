import { useTranslation } from "react-i18next";
import { StandalonePage } from "../../../components/standalone-page.tsx";
import { BudgetsView } from "./budgets-view.tsx";

/** /budgets: the Budgets screen on a page of its own. */
export default function BudgetsPage() {
  const { t } = useTranslation("budgets");
  return (
    <StandalonePage title={t("title")}>
      <p className="mb-4 text-base-content/70">{t("description")}</p>
      <BudgetsView />
    </StandalonePage>
  );
}
