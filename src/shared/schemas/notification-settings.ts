/**
 * Notification settings (spec sections 2, 3 and 5), shared by the server routes and the admin SPA so
 * both apply the same per-key rules and messages.
 */
import { z } from "zod";
import { safeString } from "./common.ts";

export const EMAIL_PROVIDERS = ["smtp2go", "sendgrid"] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

export const TOGGLE_KEYS = [
  "whatsapp_enabled",
  "email_notifications_enabled",
  "pr_notifications_enabled",
  "deadline_reminders_enabled",
  "vendor_approval_notifications_enabled",
] as const;
export const SECRET_KEYS = ["smtp2go_api_key", "sendgrid_api_key", "whatsapp_access_token"] as const;
export const SENDER_KEYS = ["smtp2go_sender_email", "sendgrid_sender_email"] as const;

/** The keys this screen may change: spec section 3 minus the system settings (own screen). */
export const NOTIFICATION_SETTING_KEYS = [
  "email_provider",
  ...SECRET_KEYS,
  ...SENDER_KEYS,
  "whatsapp_phone_number_id",
  ...TOGGLE_KEYS,
] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

export const TEMPLATE_MAX = 5000;
export const SECRET_MAX = 500;
export const UNKNOWN_SETTING = "Unknown setting";
export const PHONE_NUMBER_REQUIRED = "Phone Number Required";

const has = <T extends string>(list: readonly T[], key: string): key is T => (list as readonly string[]).includes(key);

/** The message for a value the key does not accept, or undefined when it is fine. */
export function settingValueError(key: string, value: string): string | undefined {
  if (!has(NOTIFICATION_SETTING_KEYS, key)) return UNKNOWN_SETTING;
  if (key === "email_provider") {
    return has(EMAIL_PROVIDERS, value) ? undefined : "Email provider must be smtp2go or sendgrid";
  }
  if (has(SENDER_KEYS, key)) {
    return value === "" || z.email().safeParse(value).success ? undefined : "Sender email must be a valid email";
  }
  if (has(TOGGLE_KEYS, key)) return value === "true" || value === "false" ? undefined : "Value must be true or false";
  if (has(SECRET_KEYS, key) || key === "whatsapp_phone_number_id") {
    return value.length <= SECRET_MAX ? undefined : `Value must be at most ${SECRET_MAX} characters`;
  }
  return undefined;
}

export const updateSettingSchema = z.object({
  key: safeString("Setting key is required").min(1, "Setting key is required"),
  value: safeString("Setting value must be text").transform((v) => v.trim()),
  description: safeString().trim().max(500, "Description is too long").optional(),
  category: z.enum(["general", "email", "whatsapp", "templates"], { error: "Unknown setting category" }).optional(),
}).superRefine((body, ctx) => {
  const message = settingValueError(body.key, body.value);
  if (message) ctx.addIssue({ code: "custom", path: [message === UNKNOWN_SETTING ? "key" : "value"], message });
});
export type UpdateSetting = z.infer<typeof updateSettingSchema>;

export const testWhatsappSchema = z.object({
  phoneNumber: safeString(PHONE_NUMBER_REQUIRED).trim().min(1, PHONE_NUMBER_REQUIRED).max(
    32,
    "Phone number is too long",
  ),
});

/** A setting as the admin screen receives it; secrets never carry their value, only whether one is set. */
export interface NotificationSetting {
  settingKey: string;
  settingValue: string;
  isSecret: boolean;
  isSet?: boolean;
  isActive: boolean;
  description: string;
  category: string;
}

// ---------------------------------------------------------------------------------------------
// Email templates: one subject and body per template and language (built-in texts in
// src/notify/templates.ts, admin changes in the email_templates table).

export const EMAIL_TEMPLATE_KEYS = [
  "pr_created",
  "deadline_reminder",
  "deadline_reminder_sealed",
  "vendor_approved",
  "vendor_rejected",
  "quotation_awarded",
  "quotation_not_selected",
  "bid_amended",
  "bid_closed_early",
  "purchase_order_acknowledged",
  "purchase_order_declined",
  "purchase_order_received",
  "sign_in_failures",
  "quotation_extension_requested",
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];
export const isEmailTemplateKey = (key: string): key is EmailTemplateKey => has(EMAIL_TEMPLATE_KEYS, key);

/** The {{placeholders}} each template is rendered with. */
export const EMAIL_TEMPLATE_PLACEHOLDERS: Record<EmailTemplateKey, string[]> = {
  pr_created: ["title", "requestNumber", "deadline", "companyName", "contactPerson", "link"],
  deadline_reminder: ["title", "requestNumber", "deadline"],
  deadline_reminder_sealed: ["title", "requestNumber", "deadline"],
  vendor_approved: ["contactPerson", "companyName", "link", "hours"],
  vendor_rejected: ["contactPerson", "companyName", "reason"],
  quotation_awarded: ["contactPerson", "title", "requestNumber", "poNumber", "amount", "vendorName", "link"],
  quotation_not_selected: ["contactPerson", "title", "requestNumber"],
  bid_amended: ["title", "requestNumber", "deadline", "clarification", "contactPerson", "companyName"],
  bid_closed_early: ["title", "requestNumber", "deadline", "reason", "contactPerson", "companyName"],
  purchase_order_acknowledged: ["poNumber", "vendorName", "title", "requestNumber", "promisedDeliveryDate", "link"],
  purchase_order_declined: ["poNumber", "vendorName", "title", "requestNumber", "reason", "link"],
  purchase_order_received: ["poNumber", "vendorName", "title", "requestNumber", "link"],
  sign_in_failures: ["name", "count", "minutes", "lastAttempt", "address"],
  quotation_extension_requested: ["contactPerson", "title", "requestNumber", "validUntil", "link"],
};

/** Placeholders the body cannot do without (the set-password link is the vendor's only way in). */
export const EMAIL_TEMPLATE_REQUIRED: Partial<Record<EmailTemplateKey, string[]>> = {
  vendor_approved: ["link"],
};

/** Example values for the preview: a date and an amount show the language's formatting. */
export const EMAIL_TEMPLATE_SAMPLES = {
  title: "Office chairs",
  requestNumber: "PR-2026-0042",
  deadline: { date: "2026-03-05T00:00:00Z" },
  companyName: "Atoll Supplies",
  contactPerson: "Aishath Rasheed",
  vendorName: "Atoll Supplies",
  link: "https://procure.example/dashboard",
  hours: 72,
  reason: "The business license has expired",
  poNumber: "PO-2026-0007",
  amount: { amount: "12345.50", currency: "USD" },
  clarification: "The tables must seat eight people.",
  promisedDeliveryDate: { date: "2026-04-01T00:00:00Z" },
  name: "Aishath Rasheed",
  count: 5,
  minutes: 15,
  lastAttempt: { date: "2026-03-05T09:41:00Z" },
  address: "203.0.113.7",
  validUntil: { date: "2026-03-12T00:00:00Z" },
} as const;

export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_TEMPLATE_MESSAGES = {
  subjectRequired: "Subject is required",
  bodyRequired: "Body is required",
  subjectOneLine: "Subject must be a single line",
  subjectTooLong: `Subject must be at most ${EMAIL_SUBJECT_MAX} characters`,
  bodyTooLong: `Body must be at most ${TEMPLATE_MAX} characters`,
} as const;

const M = EMAIL_TEMPLATE_MESSAGES;
export const emailTemplateSchema = z.object({
  subject: safeString(M.subjectRequired).trim().min(1, M.subjectRequired).max(EMAIL_SUBJECT_MAX, M.subjectTooLong)
    .refine((v) => !/[\r\n]/.test(v), M.subjectOneLine),
  body: safeString(M.bodyRequired).trim().min(1, M.bodyRequired).max(TEMPLATE_MAX, M.bodyTooLong),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateSchema>;

/** The placeholders a body must contain but does not ("link" for an approval). */
export function missingPlaceholders(key: EmailTemplateKey, body: string): string[] {
  return (EMAIL_TEMPLATE_REQUIRED[key] ?? []).filter((p) => !new RegExp(`\\{\\{\\s*${p}\\s*\\}\\}`).test(body));
}

/** One template in one language, as the admin screen receives it. */
export interface EmailTemplate {
  key: EmailTemplateKey;
  language: string;
  subject: string;
  body: string;
  /** Changed by an administrator (false: the built-in text). */
  isCustom: boolean;
  defaultSubject: string;
  defaultBody: string;
  placeholders: string[];
  required: string[];
}
