import { useTranslation } from "react-i18next";
import { TitledCard } from "../../../components/titled-card.tsx";
import { type Resource, RESOURCES, ROLE_PERMISSIONS } from "../../../../../src/shared/permissions.ts";
import type { RoleName } from "../../../../../src/shared/roles.ts";

/** What the role may do, read from the permission matrix the server enforces (spec section 6). */
export function RoleCapabilities({ role }: { role: RoleName }) {
  const { t } = useTranslation("profile");
  const granted = new Set<string>(ROLE_PERMISSIONS[role]);
  const groups = (Object.keys(RESOURCES) as Resource[])
    .map((resource) => ({
      resource,
      actions: (RESOURCES[resource].actions as readonly string[]).filter((a) => granted.has(`${resource}.${a}`)),
    }))
    .filter((group) => group.actions.length > 0);
  return (
    <TitledCard id="capabilities-title" title={t("capabilities.title")} bodyClassName="card-body gap-3">
      <p className="text-sm text-base-content/70">{t("capabilities.description")}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {groups.map(({ resource, actions }) => (
          <li key={resource} className="rounded-box border border-base-300 p-3">
            <p className="font-medium">{t(`resources.${resource}`)}</p>
            <ul className="mt-2 flex flex-wrap gap-1" aria-label={t(`resources.${resource}`)}>
              {actions.map((action) => (
                <li key={action} className="badge badge-soft badge-primary badge-sm">
                  {t(`permissionActions.${action}`)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
