/**
 * Notification settings (spec sections 2, 3 and 5), shared by the server routes and the admin SPA so
 * both apply the same per-key rules and messages.
 */
import { z } from "zod";

export const EMAIL_PROVIDERS = ["smtp2go", "sendgrid"] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

export const TOGGLE_KEYS = [
  "whatsapp_enabled",
  "email_notifications_enabled",
  "pr_notifications_enabled",
  "deadline_reminders_enabled",
  "vendor_approval_notifications_enabled",
] as const;
export const TEMPLATE_KEYS = ["template_pr_created", "template_deadline_reminder", "template_vendor_approval"] as const;
export const SECRET_KEYS = ["smtp2go_api_key", "sendgrid_api_key", "whatsapp_access_token"] as const;
export const SENDER_KEYS = ["smtp2go_sender_email", "sendgrid_sender_email"] as const;

/** The keys this screen may change: spec section 3 minus the system settings (own screen). */
export const NOTIFICATION_SETTING_KEYS = [
  "email_provider",
  ...SECRET_KEYS,
  ...SENDER_KEYS,
  "whatsapp_phone_number_id",
  ...TOGGLE_KEYS,
  ...TEMPLATE_KEYS,
] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

/** The {{placeholders}} each template is rendered with. */
export const TEMPLATE_PLACEHOLDERS: Record<(typeof TEMPLATE_KEYS)[number], string[]> = {
  template_pr_created: ["title", "requestNumber", "deadline"],
  template_deadline_reminder: ["title", "requestNumber", "deadline"],
  template_vendor_approval: ["contactPerson", "companyName", "status"],
};

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
  if (has(TEMPLATE_KEYS, key)) {
    return value.length <= TEMPLATE_MAX ? undefined : `Template must be at most ${TEMPLATE_MAX} characters`;
  }
  if (has(SECRET_KEYS, key) || key === "whatsapp_phone_number_id") {
    return value.length <= SECRET_MAX ? undefined : `Value must be at most ${SECRET_MAX} characters`;
  }
  return undefined;
}

export const updateSettingSchema = z.object({
  key: z.string({ error: "Setting key is required" }).min(1, "Setting key is required"),
  value: z.string({ error: "Setting value must be text" }).transform((v) => v.trim()),
  description: z.string().trim().max(500, "Description is too long").optional(),
  category: z.enum(["general", "email", "whatsapp", "templates"], { error: "Unknown setting category" }).optional(),
}).superRefine((body, ctx) => {
  const message = settingValueError(body.key, body.value);
  if (message) ctx.addIssue({ code: "custom", path: [message === UNKNOWN_SETTING ? "key" : "value"], message });
});
export type UpdateSetting = z.infer<typeof updateSettingSchema>;

export const testWhatsappSchema = z.object({
  phoneNumber: z.string({ error: PHONE_NUMBER_REQUIRED }).trim().min(1, PHONE_NUMBER_REQUIRED).max(
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
