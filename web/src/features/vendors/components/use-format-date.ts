import { useTranslation } from "react-i18next";

/** Dates in the interface language (Intl), e.g. "Mar 4, 2025". */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: "medium" });
  return (value: string | null | undefined) => {
    if (!value) return "";
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? "" : format.format(date);
  };
}
