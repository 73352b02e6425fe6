/** The overview section with the analytics feature's role dashboard inside it. */
import OverviewSection from "../../features/overview/components/overview-section.tsx";
import { RoleDashboard } from "../../features/analytics/components/role-dashboard.tsx";

export default function Overview() {
  return <OverviewSection RoleDashboard={RoleDashboard} />;
}
