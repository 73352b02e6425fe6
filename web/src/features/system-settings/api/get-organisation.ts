import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { OrganisationProfile } from "../../../../../src/shared/schemas/organisation.ts";

export const organisationQueryKey = ["organisation"] as const;

/** GET /api/organisation */
export function getOrganisation({ signal }: { signal?: AbortSignal } = {}): Promise<OrganisationProfile> {
  return apiJson<OrganisationProfile>("/api/organisation", { signal });
}

export const organisationQueryOptions = () =>
  queryOptions({ queryKey: organisationQueryKey, queryFn: getOrganisation });

export function useOrganisation() {
  return useQuery(organisationQueryOptions());
}
