/**
 * Dates, numbers and money in the user's language. Intl may not know a language (Dhivehi in some
 * engines): then English formatting is used rather than throwing.
 */
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../../src/shared/money.ts";

function safe<T>(lang: string, make: (locale: string) => T): T {
  try {
    return make(lang);
  } catch {
    return make("en");
  }
}

export function useFormat() {
  const { t, i18n } = useTranslation("quotations");
  const lang = i18n.language;
  const date = (iso: string | null | undefined, withTime = false) => {
    if (!iso) return "-";
    const value = new Date(iso);
    if (Number.isNaN(value.getTime())) return "-";
    const options: Intl.DateTimeFormatOptions = withTime ? { dateStyle: "medium", timeStyle: "short" } : {
      dateStyle: "medium",
    };
    return safe(lang, (l) => new Intl.DateTimeFormat(l, options).format(value));
  };
  return {
    date,
    dateTime: (iso: string | null | undefined) => date(iso, true),
    money: (value: string | number | null | undefined, currency = "USD") =>
      value === null || value === undefined ? "-" : safe(lang, (l) => formatMoney(value, l, currency)),
    /** "1 day", "30 days" in the user's language (Intl's unit formatting handles the plural). */
    days: (value: number) =>
      // Intl has no unit names for some languages (Dhivehi): our own words then, not English ones.
      Intl.NumberFormat.supportedLocalesOf([lang]).length
        ? safe(lang, (l) => new Intl.NumberFormat(l, { style: "unit", unit: "day", unitDisplay: "long" }).format(value))
        : t("daysCount", { days: value }),
    number: (value: number, digits = 0) =>
      safe(lang, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: digits }).format(value)),
  };
}
