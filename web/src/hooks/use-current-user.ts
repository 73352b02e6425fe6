import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "../lib/api-client.ts";
import type { RoleName } from "../../../src/shared/roles.ts";
import { takeBootSession } from "../lib/boot.ts";

export type CurrentUser = {
  id: number | string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone?: string | null;
  companyName?: string | null;
  contactPerson?: string | null;
  isActive?: boolean;
  updatedAt?: string;
  /** Set after an administrator chose the password: only the change form opens until it is changed. */
  mustChangePassword?: boolean;
  role: { id: number; name: RoleName | string; displayName: string };
};

export const currentUserQueryKey = ["auth", "user"] as const;

/**
 * GET /api/auth/session: the user, or null when signed out (a 200 either way, so a signed-out page
 * logs no failed request in the console); a 401 still means signed out.
 */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    return await apiJson<CurrentUser | null>("/api/auth/session", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // The page's own answer, when the server sent one (web/src/lib/boot.ts): no request before the first screen.
    initialData: takeBootSession,
    retry: false,
    meta: { skipUnauthorizedRedirect: true },
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The name shown for a user: the part of the email before the at-sign, else first name, else null. */
export function userDisplayName(user: Pick<CurrentUser, "email" | "firstName">): string | null {
  const local = user.email?.split("@")[0];
  if (local) return local;
  if (user.firstName) return user.firstName;
  return null;
}
