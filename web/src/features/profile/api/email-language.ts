import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { UserLanguage } from "../../../../../src/shared/schemas/language.ts";

export const emailLanguageQueryKey = ["profile", "language"] as const;

/** GET /api/profile/language: the language your emails are written in. */
export function getEmailLanguage({ signal }: { signal?: AbortSignal } = {}): Promise<UserLanguage> {
  return apiJson<UserLanguage>("/api/profile/language", { signal });
}

/** PUT /api/profile/language. */
export function setEmailLanguage(body: UserLanguage): Promise<UserLanguage> {
  return apiJson<UserLanguage>("/api/profile/language", { method: "PUT", json: body });
}

export function useEmailLanguage() {
  return useQuery(queryOptions({ queryKey: emailLanguageQueryKey, queryFn: getEmailLanguage }));
}

export function useSetEmailLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmailLanguage,
    onSuccess: (data) => queryClient.setQueryData(emailLanguageQueryKey, data),
  });
}
