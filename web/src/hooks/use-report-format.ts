/** Money, counts, days, percentages and months in the interface language (web/src/lib/format.ts). */
import { useTranslation } from "react-i18next";
import { DV_MONTHS, intlSupports, useFormat } from "../lib/format.ts";

export function useReportFormat(currency = "USD") {
  const { t } = useTranslation("reports");
  const f = useFormat();
  const lang = f.lang;
  return {
    ...f,
    amount: (value: string | number | null | undefined) => f.money(value, currency),
    /** Axis ticks: whole currency units. */
    amountTick: (value: number) => f.money(Math.round(value), currency).replace(/[.,]00(?=\D*$)/, ""),
    days: (value: number | null | undefined) =>
      value === null || value === undefined ? "-" : t("days", { count: value, value: f.number(value, 2) }),
    /** 12.5 -> "12.5%" / "12,5 %" as the language writes percentages. */
    percent: (value: number | null | undefined) =>
      value === null || value === undefined
        ? "-"
        : new Intl.NumberFormat(intlSupports(lang) ? lang : "en", { style: "percent", maximumFractionDigits: 2 })
          .format(value / 100),
    month: (value: string) => {
      const [y, m] = value.split("-").map(Number);
      if (!y || !m) return value;
      if ((lang === "dv" || lang.startsWith("dv-")) && !intlSupports(lang)) return `${DV_MONTHS[m - 1]} ${y}`;
      const locale = intlSupports(lang) ? lang : "en";
      return new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" })
        .format(new Date(Date.UTC(y, m - 1, 1)));
    },
  };
}
