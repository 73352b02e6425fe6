import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { OrganisationProfile, OrganisationProfileInput } from "../../../../../src/shared/schemas/organisation.ts";
import { organisationQueryKey } from "./get-organisation.ts";
import { systemSettingsQueryKey } from "./get-system-settings.ts";

/** PUT /api/organisation */
export function saveOrganisation(input: OrganisationProfileInput): Promise<OrganisationProfile> {
  return apiJson<OrganisationProfile>("/api/organisation", { method: "PUT", json: input });
}

export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganisation,
    onSuccess: (profile) => {
      queryClient.setQueryData(organisationQueryKey, profile);
      // The time zone is the same setting the defaults card shows.
      return queryClient.invalidateQueries({ queryKey: systemSettingsQueryKey });
    },
  });
}
