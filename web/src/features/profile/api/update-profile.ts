import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";
import { usersQueryKey } from "../../../hooks/use-users.ts";
import { type Profile, profileQueryKey } from "../../../hooks/use-profile.ts";

export type UpdateProfileInput = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  companyName?: string;
  contactPerson?: string;
};

/** PUT /api/users/{id}/profile */
export function updateProfile({ id, ...body }: UpdateProfileInput): Promise<Profile> {
  return apiJson<Profile>(`/api/users/${id}/profile`, { method: "PUT", json: body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Spec section 7: the current user is refreshed after a profile update (the sidebar shows it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}
