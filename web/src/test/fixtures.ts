/** Records the component tests render, in the API's shapes. */
import type { AdminUser } from "../hooks/use-users.ts";

/** A staff account (manager), as the users list and the profile answer it. */
export function staffUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    firstName: "Aisha",
    lastName: "Ibrahim",
    email: "aisha@example.org",
    username: null,
    phone: null,
    isActive: true,
    mustChangePassword: false,
    totpEnabled: false,
    lastLoginAt: null,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    companyName: null,
    contactPerson: null,
    vendorStatus: null,
    role: { id: 2, name: "manager", displayName: "Manager" },
    ...overrides,
  };
}
