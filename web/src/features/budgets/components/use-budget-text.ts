/** How budgets are named on screen: scope, period, fiscal year and month, in the interface language. */
import { useTranslation } from "react-i18next";
import { DV_MONTHS, intlSupports } from "../../../lib/format.ts";
import type { Budget } from "../api/get-budgets.ts";

export function useBudgetText() {
  const { t, i18n } = useTranslation("budgets");
  const lang = i18n.language;
  return {
    scope: (b: Pick<Budget, "department" | "categoryName">) =>
      [b.department, b.categoryName].filter(Boolean).join(" · ") || t("noScope"),
    period: (b: Pick<Budget, "fiscalYear" | "quarter">) =>
      b.quarter
        ? t("periodQuarter", { year: b.fiscalYear, quarter: b.quarter })
        : t("periodYear", { year: b.fiscalYear }),
    fiscalYear: (year: number) => t("periodYear", { year }),
    month: (month: number) => {
      if ((lang === "dv" || lang.startsWith("dv-")) && !intlSupports(lang)) return DV_MONTHS[month - 1];
      return new Intl.DateTimeFormat(intlSupports(lang) ? lang : "en", { month: "long", timeZone: "UTC" })
        .format(new Date(Date.UTC(2026, month - 1, 1)));
    },
    kind: (kind: "request" | "order") => t(`kinds.${kind}`),
    status: (status: string) => t(`statuses.${status}`, { defaultValue: status.replace(/_/g, " ") }),
  };
}
