import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../src/shared/i18n-languages.ts";
import { isLanguage, LANGUAGE_NAMES, setLanguage } from "../lib/i18n.ts";
import { SelectField } from "./form-field.tsx";

/** One option per interface language, each named in itself ("Español", "ދިވެހި"). */
export function LanguageOptions() {
  return LANGUAGES.map((lang) => <option key={lang} value={lang} lang={lang}>{LANGUAGE_NAMES[lang]}</option>);
}

/** The header's language switch. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <SelectField
      label={t("common.language")}
      hideLabel
      className="items-center"
      selectClassName="select select-sm w-auto"
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        if (isLanguage(event.target.value)) setLanguage(event.target.value);
      }}
    >
      <LanguageOptions />
    </SelectField>
  );
}
