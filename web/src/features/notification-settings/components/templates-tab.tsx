/**
 * Templates tab: every email in every language. Pick a language, read each template's subject and
 * body (an administrator's text or the built-in translation), edit it in a dialog with a preview.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageOptions } from "../../../components/language-select.tsx";
import { SelectField } from "../../../components/form-field.tsx";
import { isRtl, type Language } from "../../../../../src/shared/i18n-languages.ts";
import { EMAIL_TEMPLATE_KEYS } from "../../../../../src/shared/schemas/notification-settings.ts";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { isLanguage } from "../../../lib/i18n.ts";
import { type EmailTemplate, useEmailTemplates } from "../api/get-email-templates.ts";
import { TemplateDialog } from "./template-dialog.tsx";

export function TemplatesTab({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation("notification-settings");
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : "en");
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const query = useEmailTemplates();
  if (query.isPending) return <Loading label={t("templates.loading")} />;
  if (query.isError) return <LoadError message={t("templates.loadError")} onRetry={() => void query.refetch()} />;
  const shown = EMAIL_TEMPLATE_KEYS
    .map((key) => query.data.find((x) => x.key === key && x.language === language))
    .filter((x): x is EmailTemplate => !!x);
  const dir = isRtl(language) ? "rtl" : "ltr";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-prose text-sm text-base-content/70">{t("templates.intro")}</p>
        <SelectField
          label={t("templates.language")}
          selectClassName="select select-sm w-auto"
          value={language}
          onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}
        >
          <LanguageOptions />
        </SelectField>
      </div>
      {shown.map((tpl) => (
        <div key={tpl.key} className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="card-title text-base">
                {t(`templates.keys.${tpl.key}`)}
                <span className={`badge badge-soft ${tpl.isCustom ? "badge-info" : "badge-neutral"}`}>
                  {tpl.isCustom ? t("templates.custom") : t("templates.builtIn")}
                </span>
              </h3>
              {canEdit && (
                <button type="button" className="btn btn-sm" onClick={() => setEditing(tpl)}>
                  {t("templates.edit")}
                </button>
              )}
            </div>
            <div lang={language} dir={dir} className="rounded-box bg-base-200 p-3 text-sm">
              <p className="font-semibold break-words">{tpl.subject}</p>
              <p className="mt-2 whitespace-pre-wrap break-words">{tpl.body}</p>
            </div>
          </div>
        </div>
      ))}
      <TemplateDialog template={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
