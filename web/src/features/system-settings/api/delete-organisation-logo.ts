import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { OrganisationProfile } from "../../../../../src/shared/schemas/organisation.ts";
import { organisationQueryKey } from "./get-organisation.ts";

/** DELETE /api/organisation/logo */
export function deleteOrganisationLogo(): Promise<OrganisationProfile> {
  return apiJson<OrganisationProfile>("/api/organisation/logo", { method: "DELETE" });
}

export function useDeleteOrganisationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisationLogo,
    onSuccess: (profile) => queryClient.setQueryData(organisationQueryKey, profile),
  });
}
