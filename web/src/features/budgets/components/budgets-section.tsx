import { useTranslation } from "react-i18next";
import { PageSection } from "../../../components/page-section.tsx";
import { BudgetsView } from "./budgets-view.tsx";

/** The Budgets section of the dashboard, with a link to the same screen on /budgets. */
export default function BudgetsSection() {
  const { t } = useTranslation("budgets");
  return (
    <PageSection title={t("title")} description={t("description")} href="/budgets" linkLabel={t("openPage")}>
      <BudgetsView />
    </PageSection>
  );
}
