import type { SessionUser } from "../lib/deps.ts";

/** The current-user record the SPA reads (spec: user with role). Never includes hashes or secrets. */
export function currentUserJson(u: SessionUser & { lastLoginAt?: Date | null; totpEnabled?: boolean }) {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    mustChangePassword: u.mustChangePassword,
    role: { id: u.roleId, name: u.role, displayName: u.roleDisplayName },
  };
}
