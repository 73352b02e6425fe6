import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { TabList, TabPanels, useTabs } from "../../../components/tabs.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { byKey, useNotificationSettings } from "../api/get-notification-settings.ts";
import { EmailProviderTab } from "./email-provider-tab.tsx";
import { NotificationTogglesTab } from "./notification-toggles-tab.tsx";
import { TemplatesTab } from "./templates-tab.tsx";
import { WhatsappTab } from "./whatsapp-tab.tsx";

const TABS = ["email", "whatsapp", "notifications", "templates"] as const;

/** Notification Settings (spec section 2): four tabs, then the outbox of sent messages. */
/** `OutboxPanel` (the outbox feature's delivery log) comes from the app: web/src/app/sections/notification-settings.tsx. */
export default function NotificationSettingsSection({ OutboxPanel }: { OutboxPanel: ComponentType }) {
  const { t } = useTranslation("notification-settings");
  const tabs = useTabs(TABS, "email");
  const query = useNotificationSettings();
  const canEdit = useCan("notifications.edit");
  const canSend = useCan("notifications.send");
  const settings = byKey(query.data);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t("translation:dashboard.sections.notification-settings")}</h2>
      {query.isPending
        ? <Loading label={t("loading")} />
        : query.isError
        ? <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
        : (
          <>
            <TabList {...tabs} label={t("tabsLabel")} tabLabel={(name) => t(`tabs.${name}`)} />
            <TabPanels {...tabs}>
              {(name) =>
                name === "email"
                  ? <EmailProviderTab settings={settings} canEdit={canEdit} canSend={canSend} />
                  : name === "whatsapp"
                  ? <WhatsappTab settings={settings} canEdit={canEdit} canSend={canSend} />
                  : name === "notifications"
                  ? <NotificationTogglesTab settings={settings} canEdit={canEdit} />
                  : <TemplatesTab canEdit={canEdit} />}
            </TabPanels>
          </>
        )}
      <OutboxPanel />
    </div>
  );
}
