import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../src/shared/i18n-languages.ts";
import { isLanguage, LANGUAGE_NAMES, setLanguage } from "../lib/i18n.ts";

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">{t("common.language")}</label>
      <select
        id={id}
        className="select select-sm w-auto"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((lang) => <option key={lang} value={lang} lang={lang}>{LANGUAGE_NAMES[lang]}</option>)}
      </select>
    </div>
  );
}
