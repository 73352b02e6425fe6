import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { EmailTemplate, EmailTemplateInput } from "../../../../../src/shared/schemas/notification-settings.ts";
import { emailTemplatesQueryKey } from "./get-email-templates.ts";

type Target = { key: string; language: string };
const path = ({ key, language }: Target) =>
  `/api/admin/email-templates/${encodeURIComponent(key)}/${encodeURIComponent(language)}`;

/** PUT /api/admin/email-templates/:key/:language (subject and body, neither blank). */
export function updateEmailTemplate(t: Target & EmailTemplateInput): Promise<EmailTemplate> {
  return apiJson<EmailTemplate>(path(t), { method: "PUT", json: { subject: t.subject, body: t.body } });
}

/** DELETE /api/admin/email-templates/:key/:language: back to the built-in text. */
export function resetEmailTemplate(t: Target): Promise<EmailTemplate> {
  return apiJson<EmailTemplate>(path(t), { method: "DELETE" });
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey }),
  });
}

export function useResetEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetEmailTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey }),
  });
}
