import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api-client.ts";

/** One row of GET /api/admin/users (src/features/users/queries.ts UserRow; dates as ISO strings). */
export type AdminUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string | null;
  phone: string | null;
  isActive: boolean;
  mustChangePassword: boolean;
  totpEnabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
  companyName: string | null;
  contactPerson: string | null;
  vendorStatus: string | null;
  role: { id: number; name: string; displayName: string };
};

export type UserPage = { items: AdminUser[]; total: number };
export type UserPageParams = { limit: number; offset: number };

/** Every users query starts with this key, so one invalidation refreshes every page. */
export const usersQueryKey = ["admin", "users"] as const;

/** GET /api/admin/users?limit&offset; the total comes in the X-Total-Count header. */
export async function getUsers(
  { limit, offset, signal }: UserPageParams & { signal?: AbortSignal },
): Promise<UserPage> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  const response = await apiRequest(`/api/admin/users?${params}`, { signal });
  const items = await response.json() as AdminUser[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export const usersQueryOptions = (page: UserPageParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, page],
    queryFn: ({ signal }) => getUsers({ ...page, signal }),
    // Paging keeps the previous rows on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useUsers(page: UserPageParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(page), enabled });
}
