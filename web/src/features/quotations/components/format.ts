/** The app's formatters (web/src/lib/format.ts) plus lead times in days, in the user's language. */
import { useTranslation } from "react-i18next";
import { useFormat as useAppFormat } from "../../../lib/format.ts";

function dayUnitsKnown(lang: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([lang]).length > 0;
  } catch {
    return false;
  }
}

export function useFormat() {
  const { t } = useTranslation("quotations");
  const format = useAppFormat();
  const lang = format.lang;
  return {
    ...format,
    /** "1 day", "30 days" in the user's language (Intl's unit formatting handles the plural). */
    days: (value: number) =>
      // Intl has no unit names for some languages (Dhivehi): our own words then, not English ones.
      dayUnitsKnown(lang)
        ? new Intl.NumberFormat(lang, { style: "unit", unit: "day", unitDisplay: "long" }).format(value)
        : t("daysCount", { days: value }),
  };
}
