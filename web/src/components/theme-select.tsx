import { useTranslation } from "react-i18next";
import { THEMES } from "../../../src/shared/i18n-languages.ts";
import { setTheme, useTheme } from "../lib/theme.ts";
import { SelectField } from "./form-field.tsx";

/** The header's theme switch. */
export function ThemeSelect() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <SelectField
      label={t("common.theme")}
      hideLabel
      className="items-center"
      selectClassName="select select-sm w-auto"
      value={theme}
      onChange={(event) => setTheme(event.target.value as (typeof THEMES)[number])}
    >
      {THEMES.map((value) => <option key={value} value={value}>{t(`theme.${value}`)}</option>)}
    </SelectField>
  );
}
