/**
 * Which component renders each dashboard section. Each one is its own lazily loaded chunk, so a
 * role only downloads the sections it opens. A section that shows another feature's screen inside it
 * is composed in ./sections/ (features do not import each other).
 */
import { type ComponentType, lazy } from "react";
import type { DashboardSection } from "../../../src/shared/permissions.ts";

export const DASHBOARD_SECTION_COMPONENTS: Record<DashboardSection, ComponentType> = {
  inbox: lazy(() => import("../features/inbox/components/inbox-section.tsx")),
  overview: lazy(() => import("./sections/overview.tsx")),
  requests: lazy(() => import("./sections/requests.tsx")),
  bids: lazy(() => import("./sections/bids.tsx")),
  quotations: lazy(() => import("../features/quotations/components/quotations-section.tsx")),
  categories: lazy(() => import("../features/categories/components/categories-section.tsx")),
  opportunities: lazy(() => import("./sections/opportunities.tsx")),
  users: lazy(() => import("../features/users/components/users-section.tsx")),
  "system-settings": lazy(() => import("../features/system-settings/components/system-settings-section.tsx")),
  "notification-settings": lazy(() => import("./sections/notification-settings.tsx")),
  "audit-logs": lazy(() => import("../features/audit-logs/components/audit-logs-section.tsx")),
  vendors: lazy(() => import("./vendors.tsx")),
  "purchase-orders": lazy(() => import("../features/purchase-orders/components/purchase-orders-section.tsx")),
  budgets: lazy(() => import("../features/budgets/components/budgets-section.tsx")),
  reports: lazy(() => import("./reports.tsx")),
  profile: lazy(() => import("./sections/profile.tsx")),
  settings: lazy(() => import("../features/settings/components/settings-section.tsx")),
};
