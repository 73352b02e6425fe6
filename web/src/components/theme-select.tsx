import { useId } from "react";
import { useTranslation } from "react-i18next";
import { THEMES } from "../../../src/shared/i18n-languages.ts";
import { setTheme, useTheme } from "../lib/theme.ts";

export function ThemeSelect() {
  const { t } = useTranslation();
  const theme = useTheme();
  const id = useId();
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">{t("common.theme")}</label>
      <select
        id={id}
        className="select select-sm w-auto"
        value={theme}
        onChange={(event) => setTheme(event.target.value as (typeof THEMES)[number])}
      >
        {THEMES.map((value) => <option key={value} value={value}>{t(`theme.${value}`)}</option>)}
      </select>
    </div>
  );
}
