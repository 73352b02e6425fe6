/** Role names and their fixed ids (the ids are part of the API: `roleId` in user payloads). */
export const ROLES = [
  { id: 1, name: "admin", displayName: "Administrator" },
  { id: 2, name: "purchase_team", displayName: "Purchase Team" },
  { id: 3, name: "procurement_manager", displayName: "Procurement Manager" },
  { id: 4, name: "cost_finance_controller", displayName: "Cost/Finance Controller" },
  { id: 5, name: "vendor", displayName: "Vendor" },
] as const;

export type RoleName = (typeof ROLES)[number]["name"];

export const ROLE_NAMES = ROLES.map((r) => r.name) as RoleName[];

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLE_NAMES as string[]).includes(value);
}
