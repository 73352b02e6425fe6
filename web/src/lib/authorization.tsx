/**
 * Hide controls the current user's role may not use. The same permission strings guard the API
 * (src/shared/permissions.ts); this is convenience, not security.
 */
import type { ReactNode } from "react";
import { hasPermission, type Permission } from "../../../src/shared/permissions.ts";
import { isRoleName, type RoleName } from "../../../src/shared/roles.ts";
import { useCurrentUser } from "../hooks/use-current-user.ts";

export function useRole(): RoleName | null {
  const { data: user } = useCurrentUser();
  const name = user?.role?.name;
  return isRoleName(name) ? name : null;
}

export function useCan(permission: Permission): boolean {
  return hasPermission(useRole(), permission);
}

export function Can({ permission, children, fallback = null }: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useCan(permission) ? children : fallback}</>;
}
