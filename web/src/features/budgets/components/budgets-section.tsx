import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { BudgetsView } from "./budgets-view.tsx";

/** The Budgets section of the dashboard, with a link to the same screen on /budgets. */
export default function BudgetsSection() {
  const { t } = useTranslation("budgets");
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{t("title")}</h2>
          <p className="text-base-content/70">{t("description")}</p>
        </div>
        <Link href="/budgets" className="btn btn-outline btn-sm">{t("openPage")}</Link>
      </div>
      <BudgetsView />
    </div>
  );
}
