/** Admin System Settings (spec section 2): three cards, and the organisation profile. */
import { useTranslation } from "react-i18next";
import { DatabaseCard } from "./database-card.tsx";
import { DefaultsCard } from "./defaults-card.tsx";
import { MaintenanceCard } from "./maintenance-card.tsx";
import { OrganisationCard } from "./organisation-card.tsx";
import { StorageLimitsCard } from "./storage-limits-card.tsx";

export default function SystemSettingsSection() {
  const { t } = useTranslation("system-settings");
  return (
    <section className="flex flex-col gap-6" aria-labelledby="system-settings-title">
      <div>
        <h2 id="system-settings-title" className="text-2xl font-bold">{t("title")}</h2>
        <p className="text-base-content/70">{t("subtitle")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <DatabaseCard />
        <DefaultsCard />
        <MaintenanceCard />
        <StorageLimitsCard />
        <OrganisationCard />
      </div>
    </section>
  );
}
