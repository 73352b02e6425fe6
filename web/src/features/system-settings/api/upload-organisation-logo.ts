import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { OrganisationProfile } from "../../../../../src/shared/schemas/organisation.ts";
import { organisationQueryKey } from "./get-organisation.ts";

/** POST /api/organisation/logo (multipart field `logo`) */
export function uploadOrganisationLogo(file: File): Promise<OrganisationProfile> {
  const formData = new FormData();
  formData.append("logo", file);
  return apiJson<OrganisationProfile>("/api/organisation/logo", { method: "POST", formData });
}

export function useUploadOrganisationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadOrganisationLogo,
    onSuccess: (profile) => queryClient.setQueryData(organisationQueryKey, profile),
  });
}
