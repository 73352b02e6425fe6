/** Templates tab: the three message templates, each edited in a dialog (Cancel / Save Template). */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_KEYS, TEMPLATE_PLACEHOLDERS } from "../../../../../src/shared/schemas/notification-settings.ts";
import type { NotificationSetting } from "../api/get-notification-settings.ts";
import { TemplateDialog } from "./template-dialog.tsx";

type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export function TemplatesTab({ settings, canEdit }: { settings: Map<string, NotificationSetting>; canEdit: boolean }) {
  const { t } = useTranslation("notification-settings");
  const [editing, setEditing] = useState<TemplateKey | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {TEMPLATE_KEYS.map((key) => (
        <div key={key} className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="card-title text-base">{t(`templates.${key}`)}</h3>
              {canEdit && (
                <button type="button" className="btn btn-sm" onClick={() => setEditing(key)}>
                  {t("templates.edit")}
                </button>
              )}
            </div>
            <p dir="auto" className="rounded-box bg-base-200 p-3 text-sm whitespace-pre-wrap break-words">
              {settings.get(key)?.settingValue || t("templates.empty")}
            </p>
            <p className="text-xs text-base-content/70">
              {t("templates.placeholders")}{" "}
              <span dir="ltr">{TEMPLATE_PLACEHOLDERS[key].map((p) => `{{${p}}}`).join(" ")}</span>
            </p>
          </div>
        </div>
      ))}
      <TemplateDialog
        templateKey={editing}
        value={editing ? settings.get(editing)?.settingValue ?? "" : ""}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
