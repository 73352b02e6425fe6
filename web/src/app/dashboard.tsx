/**
 * The signed-in dashboard as the app composes it: the shell (features/dashboard) with every section
 * (./dashboard-sections.ts) and the forced password change (features/password-change).
 */
import DashboardPage from "../features/dashboard/components/dashboard-page.tsx";
import { ForcedPasswordChangePage } from "../features/password-change/components/forced-password-change-page.tsx";
import { DASHBOARD_SECTION_COMPONENTS } from "./dashboard-sections.ts";

export default function Dashboard() {
  return <DashboardPage sections={DASHBOARD_SECTION_COMPONENTS} passwordChange={ForcedPasswordChangePage} />;
}
