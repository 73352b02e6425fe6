import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { EmailTemplate } from "../../../../../src/shared/schemas/notification-settings.ts";

export type { EmailTemplate };

export const emailTemplatesQueryKey = ["admin", "email-templates"] as const;

/** GET /api/admin/email-templates: every template in every language (custom or built-in text). */
export function getEmailTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<EmailTemplate[]> {
  return apiJson<EmailTemplate[]>("/api/admin/email-templates", { signal });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplatesQueryKey, queryFn: getEmailTemplates });

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
