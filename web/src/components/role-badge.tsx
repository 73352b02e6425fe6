import { useTranslation } from "react-i18next";

/** Each role has its own badge colour (spec section 6); names come from the app-wide roles strings. */
const ROLE_BADGE: Record<string, string> = {
  admin: "badge-primary",
  purchase_team: "badge-info",
  procurement_manager: "badge-secondary",
  cost_finance_controller: "badge-accent",
  vendor: "badge-warning",
};

export function useRoleLabel(): (role: { name: string; displayName: string }) => string {
  const { t } = useTranslation();
  return (role) => t(`roles.${role.name}.name`, { defaultValue: role.displayName });
}

export function RoleBadge({ role }: { role: { name: string; displayName: string } }) {
  const label = useRoleLabel();
  return (
    <span className={`badge badge-soft whitespace-nowrap ${ROLE_BADGE[role.name] ?? "badge-neutral"}`}>
      {label(role)}
    </span>
  );
}
