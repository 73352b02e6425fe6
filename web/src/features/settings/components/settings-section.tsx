/** Settings (spec section 2): appearance, account security, data, system information and support. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "../../../components/titled-card.tsx";
import { LanguageSelect } from "../../../components/language-select.tsx";
import { ThemeSelect } from "../../../components/theme-select.tsx";
import { useMeta } from "../../../hooks/use-meta.ts";
import { DataCard } from "./data-card.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";
import { NotificationsCard } from "./notifications-card.tsx";

function SystemInfoCard() {
  const { t } = useTranslation("settings");
  const meta = useMeta();
  return (
    <TitledCard id="system-title" title={t("system.title")} bodyClassName="card-body gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/70">{t("system.application")}</dt>
        <dd>{t("translation:app.name")}</dd>
        <dt className="text-base-content/70">{t("system.version")}</dt>
        <dd dir="ltr" className="text-start" data-testid="app-version">
          {meta.isPending
            ? <span className="loading loading-dots loading-xs" aria-label={t("translation:common.loading")} />
            : meta.data
            ? `v${meta.data.version}`
            : "—"}
        </dd>
      </dl>
      <h4 className="mt-2 font-medium">{t("support.title")}</h4>
      <p className="text-sm text-base-content/70">{t("support.text")}</p>
    </TitledCard>
  );
}

export default function SettingsSection() {
  const { t } = useTranslation("settings");
  // Bumped after the cache is cleared so this section's queries load again at once.
  const [generation, setGeneration] = useState(0);
  return (
    <div className="flex flex-col gap-6" key={generation}>
      <div>
        <h2 className="text-2xl font-bold">{t("title")}</h2>
        <p className="text-base-content/70">{t("description")}</p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <TitledCard id="appearance-title" title={t("appearance.title")} bodyClassName="card-body gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium">{t("appearance.language")}</p>
              <p className="text-sm text-base-content/70">{t("appearance.languageText")}</p>
            </div>
            <LanguageSelect />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium">{t("appearance.theme")}</p>
              <p className="text-sm text-base-content/70">{t("appearance.themeText")}</p>
            </div>
            <ThemeSelect />
          </div>
        </TitledCard>
        <NotificationsCard />
        <TwoFactorCard />
        <DataCard onCacheCleared={() => setGeneration((n) => n + 1)} />
        <SystemInfoCard />
      </div>
    </div>
  );
}
