/**
 * The signed-in dashboard as the app composes it: the shell (features/dashboard) with every section
 * (./dashboard-sections.ts), the forced password change (features/password-change), the sidebar's
 * badges (features/inbox) and the bell (features/notifications).
 */
import { lazy } from "react";
import DashboardPage from "../features/dashboard/components/dashboard-page.tsx";
import { NotificationBell } from "../features/notifications/components/notification-bell.tsx";
import { DASHBOARD_SECTION_COMPONENTS } from "./dashboard-sections.ts";
import { useSectionBadges } from "../features/inbox/api/get-inbox.ts";

// Its own chunk: only a user with a temporary password sees it, and its form brings zod and
// react-hook-form (about 130 KB) that the dashboard's first screen does not need.
const ForcedPasswordChangePage = lazy(() =>
  import("../features/password-change/components/forced-password-change-page.tsx").then((m) => ({
    default: m.ForcedPasswordChangePage,
  }))
);

export default function Dashboard() {
  return (
    <DashboardPage
      sections={DASHBOARD_SECTION_COMPONENTS}
      passwordChange={ForcedPasswordChangePage}
      badges={useSectionBadges()}
      bell={NotificationBell}
    />
  );
}
