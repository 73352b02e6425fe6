/**
 * Editing one template in one language: subject, body, the placeholders it may use and a live
 * preview with example values (dates and money formatted for the template's language, as sent).
 * A blank subject or body is refused here and by the server.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextareaField, TextField } from "../../../components/form-field.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { type EmailValues, renderEmailText } from "../../../../../src/shared/email-render.ts";
import { isRtl } from "../../../../../src/shared/i18n-languages.ts";
import {
  EMAIL_SUBJECT_MAX,
  EMAIL_TEMPLATE_SAMPLES,
  TEMPLATE_MAX,
} from "../../../../../src/shared/schemas/notification-settings.ts";
import { isLanguage, LANGUAGE_NAMES } from "../../../lib/i18n.ts";
import type { EmailTemplate } from "../api/get-email-templates.ts";
import { useResetEmailTemplate, useUpdateEmailTemplate } from "../api/update-email-template.ts";

type Problems = { subject?: string; body?: string };

export function TemplateDialog({ template, onClose }: { template: EmailTemplate | null; onClose: () => void }) {
  const { t } = useTranslation("notification-settings");
  const id = useId();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  useEffect(() => {
    setSubject(template?.subject ?? "");
    setBody(template?.body ?? "");
    setProblems({});
  }, [template]);
  const update = useUpdateEmailTemplate();
  const reset = useResetEmailTemplate();

  const check = (): Problems => {
    const found: Problems = {};
    if (!subject.trim()) found.subject = t("templates.subjectRequired");
    else if (/[\r\n]/.test(subject.trim())) found.subject = t("templates.subjectOneLine");
    if (!body.trim()) found.body = t("templates.bodyRequired");
    else {
      const missing = (template?.required ?? []).find((p) => !new RegExp(`\\{\\{\\s*${p}\\s*\\}\\}`).test(body));
      if (missing) found.body = t("templates.missingPlaceholder", { placeholder: `{{${missing}}}` });
    }
    return found;
  };

  const onSave = () => {
    if (!template) return;
    const found = check();
    setProblems(found);
    if (found.subject || found.body) return;
    update.mutate({ key: template.key, language: template.language, subject, body }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("templates.saved") });
        onClose();
      },
      onError: (error) => toastError(error, t("toast.error"), { fallback: t("toast.saveFailed") }),
    });
  };
  const onReset = () => {
    if (!template) return;
    reset.mutate({ key: template.key, language: template.language }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("templates.resetDone") });
        onClose();
      },
      onError: (error) => toastError(error, t("toast.error"), { fallback: t("toast.saveFailed") }),
    });
  };

  const lang = template?.language ?? "en";
  const dir = isRtl(lang) ? "rtl" : "ltr";
  const samples = EMAIL_TEMPLATE_SAMPLES as unknown as EmailValues;
  const pending = update.isPending || reset.isPending;
  return (
    <ModalDialog
      open={!!template}
      onClose={onClose}
      size="lg"
      title={template
        ? t("templates.dialogTitle", {
          name: t(`templates.keys.${template.key}`),
          language: isLanguage(lang) ? LANGUAGE_NAMES[lang] : lang,
        })
        : ""}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>{t("translation:common.cancel")}</button>
          {template?.isCustom && (
            <button type="button" className="btn btn-outline" disabled={pending} onClick={onReset}>
              {t("templates.reset")}
            </button>
          )}
          <button type="button" className="btn btn-primary" disabled={pending} onClick={onSave}>
            {update.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("templates.save")}
          </button>
        </>
      }
    >
      {template && (
        <div className="flex flex-col gap-3">
          <TextField
            label={t("templates.subject")}
            error={problems.subject}
            lang={lang}
            dir={dir}
            inputClassName={`input w-full ${problems.subject ? "input-error" : ""}`}
            maxLength={EMAIL_SUBJECT_MAX}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextareaField
            label={t("templates.body")}
            error={problems.body}
            lang={lang}
            dir={dir}
            textareaClassName={`textarea w-full ${problems.body ? "textarea-error" : ""}`}
            rows={8}
            maxLength={TEMPLATE_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <p className="text-sm text-base-content/70">
            {t("templates.placeholders")}{" "}
            <span dir="ltr">{template.placeholders.map((p) => `{{${p}}}`).join(" ")}</span>
          </p>
          <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-1">
            <h4 id={`${id}-preview`} className="text-sm font-medium">{t("templates.preview")}</h4>
            <div lang={lang} dir={dir} className="rounded-box border border-base-300 bg-base-200 p-3 text-sm">
              <p className="font-semibold break-words" data-testid="preview-subject">
                {renderEmailText(subject, samples, lang).replace(/\s*[\r\n]+\s*/g, " ")}
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words" data-testid="preview-body">
                {renderEmailText(body, samples, lang)}
              </p>
            </div>
          </section>
        </div>
      )}
    </ModalDialog>
  );
}
