/** The language of your emails (vendors chose it at registration): saved as soon as it is picked. */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LanguageOptions } from "../../../components/language-select.tsx";
import { SelectField } from "../../../components/form-field.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { isLanguage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { useEmailLanguage, useSetEmailLanguage } from "../api/email-language.ts";

export function EmailLanguageCard() {
  const { t } = useTranslation("profile");
  const id = useId();
  const current = useEmailLanguage();
  const save = useSetEmailLanguage();
  return (
    <section aria-labelledby={`${id}-title`} className="card bg-base-100 shadow-sm">
      <div className="card-body flex-row flex-wrap items-end justify-between gap-3">
        <div className="max-w-prose">
          <h2 id={`${id}-title`} className="card-title text-lg">{t("emailLanguage.title")}</h2>
          <p className="text-sm text-base-content/70">{t("emailLanguage.description")}</p>
        </div>
        <SelectField
          label={t("emailLanguage.label")}
          error={current.isError ? t("emailLanguage.loadError") : undefined}
          selectClassName="select select-sm w-auto"
          disabled={current.isPending || current.isError || save.isPending}
          value={current.data?.language ?? ""}
          onChange={(e) => {
            const language = e.target.value;
            if (!isLanguage(language)) return;
            save.mutate({ language }, {
              onSuccess: () => toast({ variant: "success", title: t("emailLanguage.saved") }),
              onError: (error) => toastError(error, t("emailLanguage.saveFailed")),
            });
          }}
        >
          {current.isPending && <option value="">…</option>}
          <LanguageOptions />
        </SelectField>
      </div>
    </section>
  );
}
