/** Editing one template: a textarea with the placeholders it may use, Cancel and Save Template. */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { toast } from "../../../lib/toast.tsx";
import {
  TEMPLATE_KEYS,
  TEMPLATE_MAX,
  TEMPLATE_PLACEHOLDERS,
} from "../../../../../src/shared/schemas/notification-settings.ts";
import { useSaveSettings } from "./use-save-settings.ts";

export function TemplateDialog({ templateKey, value, onClose }: {
  templateKey: (typeof TEMPLATE_KEYS)[number] | null;
  value: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("notification-settings");
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value, templateKey]);
  const { save, pending } = useSaveSettings();
  const onSave = () => {
    if (!templateKey) return;
    if (text.length > TEMPLATE_MAX) {
      toast({ variant: "error", title: t("toast.validationError"), description: t("templates.tooLong") });
      return;
    }
    save([{ key: templateKey, value: text }], onClose);
  };
  return (
    <ModalDialog
      open={!!templateKey}
      onClose={onClose}
      size="md"
      title={templateKey ? t("templates.dialogTitle", { name: t(`templates.${templateKey}`) }) : ""}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>{t("translation:common.cancel")}</button>
          <button type="button" className="btn btn-primary" disabled={pending} onClick={onSave}>
            {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("templates.save")}
          </button>
        </>
      }
    >
      {templateKey && (
        <div className="flex flex-col gap-2">
          <label className="flex flex-col gap-1" htmlFor={`${id}-text`}>
            <span className="label-text">{t("templates.text")}</span>
            <textarea
              id={`${id}-text`}
              dir="auto"
              className="textarea w-full"
              rows={6}
              maxLength={TEMPLATE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <p className="text-sm text-base-content/70">
            {t("templates.placeholders")}{" "}
            <span dir="ltr">{TEMPLATE_PLACEHOLDERS[templateKey].map((p) => `{{${p}}}`).join(" ")}</span>
          </p>
        </div>
      )}
    </ModalDialog>
  );
}
