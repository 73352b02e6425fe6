/**
 * The permission matrix of spec section 6, kept once here. The server checks these strings on
 * every route; the SPA uses the same strings to show or hide sections and actions.
 */
import type { RoleName } from "./roles.ts";

export const RESOURCES = {
  users: { actions: ["view", "create", "edit", "delete", "reset_password"], description: "User accounts and roles" },
  purchase_requests: {
    actions: ["view", "create", "edit", "delete", "approve", "reject"],
    description: "Purchase requests and their items",
  },
  categories: { actions: ["view", "create", "edit", "delete"], description: "Item categories" },
  vendors: {
    actions: ["view", "approve", "reject", "edit", "delete"],
    description: "Vendor applications and profiles",
  },
  quotations: { actions: ["view", "create", "edit", "delete", "compare"], description: "Quotations and bids" },
  sealed_bidding: { actions: ["view", "unseal", "manage"], description: "Sealed bid requests" },
  system_settings: { actions: ["view", "edit"], description: "System configuration" },
  notifications: { actions: ["view", "edit", "send"], description: "Notification providers and templates" },
  audit_logs: { actions: ["view", "export"], description: "Audit trail" },
  reports: { actions: ["view", "export", "generate"], description: "Reports and analytics" },
  dashboard: { actions: ["view", "customize"], description: "Dashboard" },
  vendor_profile: { actions: ["view", "edit", "categories"], description: "A vendor's own profile and subscriptions" },
  purchase_orders: {
    actions: ["view", "manage", "receive"],
    description: "Purchase orders: register, cancellation, goods receipt (vendors: their own, by vendor checks)",
  },
  budgets: { actions: ["view", "manage"], description: "Budgets per department/category and fiscal period" },
} as const;

export type Resource = keyof typeof RESOURCES;
export type Permission = {
  [R in Resource]: `${R}.${(typeof RESOURCES)[R]["actions"][number]}`;
}[Resource];

const all = <R extends Resource>(r: R): Permission[] => RESOURCES[r].actions.map((a) => `${r}.${a}` as Permission);
const some = <R extends Resource>(r: R, actions: (typeof RESOURCES)[R]["actions"][number][]): Permission[] =>
  actions.map((a) => `${r}.${a}` as Permission);

export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  admin: [
    ...all("users"),
    ...all("purchase_requests"),
    ...all("categories"),
    ...all("vendors"),
    ...all("quotations"),
    ...all("sealed_bidding"),
    ...all("system_settings"),
    ...all("notifications"),
    ...all("audit_logs"),
    ...all("reports"),
    ...all("dashboard"),
    ...all("purchase_orders"),
    ...all("budgets"),
  ],
  purchase_team: [
    ...some("purchase_requests", ["view", "create", "edit"]),
    ...some("categories", ["view", "create", "edit"]),
    ...some("quotations", ["view", "compare"]),
    ...some("vendors", ["view"]),
    ...some("reports", ["view", "export"]),
    ...all("dashboard"),
    ...some("purchase_orders", ["view", "receive"]),
  ],
  procurement_manager: [
    ...some("purchase_requests", ["view", "create", "edit", "approve", "reject"]),
    ...some("categories", ["view", "create", "edit"]),
    ...all("quotations"),
    ...all("sealed_bidding"),
    ...some("vendors", ["view", "approve", "reject"]),
    ...all("reports"),
    ...all("dashboard"),
    ...all("purchase_orders"),
    ...some("budgets", ["view"]),
  ],
  cost_finance_controller: [
    ...some("purchase_requests", ["view", "approve", "reject"]),
    ...some("categories", ["view"]),
    ...all("quotations"),
    ...all("sealed_bidding"),
    ...some("vendors", ["view"]),
    ...all("reports"),
    ...all("dashboard"),
    ...some("purchase_orders", ["view"]),
    ...all("budgets"),
  ],
  vendor: [
    ...some("purchase_requests", ["view"]),
    ...some("quotations", ["view", "create", "edit"]),
    ...some("categories", ["view"]),
    ...all("vendor_profile"),
    ...all("dashboard"),
  ],
};

export function hasPermission(role: RoleName | undefined | null, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}

/** Bids are managed by those who may manage sealed bidding; created by those who may create purchase requests. */
export const canManageBids = (role: RoleName | undefined | null) => hasPermission(role, "sealed_bidding.manage");
export const canCreateBids = (role: RoleName | undefined | null) =>
  hasPermission(role, "purchase_requests.create") || canManageBids(role);

/**
 * Dashboard sections (spec section 2), each shown to the roles whose permissions let them use it, so
 * the sidebar follows the matrix above: a role that holds a right also reaches its screen
 * (docs/decisions/001-requests-section-for-approvers.md, 008-sidebar-from-permission-matrix.md).
 * Vendors hold `purchase_requests.view` and `quotations.view` for their own opportunities and
 * quotations, which they reach through the opportunities section, not the staff lists.
 */
const staff = (role: RoleName) => role !== "vendor";
export const DASHBOARD_SECTIONS = {
  // The first screen of every role: what waits for this user (GET /api/inbox).
  inbox: (role) => hasPermission(role, "dashboard.view"),
  overview: (role) => hasPermission(role, "dashboard.view"),
  requests: (role) => staff(role) && hasPermission(role, "purchase_requests.view"),
  bids: (role) => staff(role) && (canCreateBids(role) || hasPermission(role, "sealed_bidding.view")),
  quotations: (role) => hasPermission(role, "quotations.compare"),
  categories: (role) => hasPermission(role, "categories.create"),
  opportunities: (role) => hasPermission(role, "vendor_profile.view"),
  users: (role) => hasPermission(role, "users.view"),
  "system-settings": (role) => hasPermission(role, "system_settings.view"),
  "notification-settings": (role) => hasPermission(role, "notifications.view"),
  "audit-logs": (role) => hasPermission(role, "audit_logs.view"),
  vendors: (role) => staff(role) && hasPermission(role, "vendors.view"),
  "purchase-orders": (role) => hasPermission(role, "purchase_orders.view"),
  budgets: (role) => hasPermission(role, "budgets.view"),
  reports: () => true,
  profile: () => true,
  settings: () => true,
} as const satisfies Record<string, (role: RoleName) => boolean>;

export type DashboardSection = keyof typeof DASHBOARD_SECTIONS;

export function sectionsFor(role: RoleName): DashboardSection[] {
  return (Object.keys(DASHBOARD_SECTIONS) as DashboardSection[]).filter((s) => DASHBOARD_SECTIONS[s](role));
}

/** The section a signed-in user starts on. */
export const FIRST_SECTION: DashboardSection = "inbox";

/** A section the role may not see falls back to the first one. */
export function resolveSection(role: RoleName, wanted: string | null | undefined): DashboardSection {
  const allowed = sectionsFor(role);
  return allowed.includes(wanted as DashboardSection) ? (wanted as DashboardSection) : FIRST_SECTION;
}
