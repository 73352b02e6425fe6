/**
 * Admin notification settings (spec section 2): the email provider, WhatsApp, notification toggles
 * and test sends; the email templates, per template and language. Secret values are written here
 * but never read back to a client.
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../../auth/guard.ts";
import { audit, auditUpdate, diff } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, NotFound } from "../../lib/errors.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { chooseProvider } from "../../notify/worker.ts";
import { sendWhatsAppText } from "../../notify/whatsapp.ts";
import {
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  EMAIL_TEMPLATE_REQUIRED,
  type EmailTemplate,
  type EmailTemplateKey,
  emailTemplateSchema,
  isEmailTemplateKey,
  missingPlaceholders,
  SECRET_KEYS,
  testWhatsappSchema,
  updateSettingSchema,
} from "../../shared/schemas/notification-settings.ts";
import { type Language, LANGUAGES } from "../../shared/i18n-languages.ts";
import { BUILT_IN_TEMPLATES, type TemplateText } from "../../notify/templates.ts";
import * as templates from "../../notify/queries.ts";
import * as q from "./queries.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

const TAGS = ["notifications"];

const templateParamSchema = z.object({ key: z.string().max(64), language: z.string().max(8) });

/** The key and language of the path, or 404 when either is unknown. */
function templateParams(p: { key: string; language: string }): { key: EmailTemplateKey; language: Language } {
  if (!isEmailTemplateKey(p.key) || !(LANGUAGES as readonly string[]).includes(p.language)) {
    throw new NotFound("notify.templateNotFound");
  }
  return { key: p.key, language: p.language as Language };
}

function templateView(key: EmailTemplateKey, language: Language, custom: TemplateText | undefined): EmailTemplate {
  const builtIn = BUILT_IN_TEMPLATES[language][key];
  return {
    key,
    language,
    subject: custom?.subject ?? builtIn.subject,
    body: custom?.body ?? builtIn.body,
    isCustom: !!custom,
    defaultSubject: builtIn.subject,
    defaultBody: builtIn.body,
    placeholders: EMAIL_TEMPLATE_PLACEHOLDERS[key],
    required: EMAIL_TEMPLATE_REQUIRED[key] ?? [],
  };
}

export const notificationSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/api/admin/notification-settings",
    allow("notifications.view", {
      tags: TAGS,
      summary: "Notification settings; secret values come back empty with isSet",
      ok: r.notificationSettingListSchema,
    }),
    async (c) => c.json(await q.listNotificationSettings(c.get("deps").db)),
  )
  .post(
    "/api/admin/notification-settings",
    allow("notifications.edit", {
      tags: TAGS,
      summary: "Change one notification setting (key, value)",
      ok: r.settingUpdatedSchema,
    }),
    validate("json", updateSettingSchema),
    async (c) => {
      const body = c.req.valid("json");
      const user = c.get("user")!;
      const isSecret = (SECRET_KEYS as readonly string[]).includes(body.key);
      await c.get("deps").db.tx(async (tx) => {
        const before = await q.getSettingRow(tx, body.key);
        await q.saveSetting(tx, body, before?.is_secret ?? isSecret, user.id);
        // A secret's old or new value never reaches the audit trail, only that it changed.
        const metadata = (before?.is_secret ?? isSecret)
          ? { key: body.key, changed: true }
          : { key: body.key, from: before?.value ?? null, to: body.value };
        await audit(tx, c, { action: "UPDATE", entityType: "setting", entityId: body.key, metadata });
      });
      return c.json({ message: "Settings Updated", settingKey: body.key });
    },
  )
  .post(
    "/api/notification-settings/test",
    allow("notifications.send", {
      tags: TAGS,
      summary: "Send a test email now to the signed-in admin through the configured provider",
      ok: r.testMessageSentSchema,
      errors: [409],
    }),
    async (c) => {
      const { db, config } = c.get("deps");
      const user = c.get("user")!;
      const provider = await chooseProvider(db, config);
      if (provider.name === "log" || !provider.send) throw new Conflict("notifications.emailNotConfigured");
      try {
        await provider.send({
          to: user.email,
          subject: "Test email from the procurement system",
          body: "This is a test email. Your email provider is configured correctly.",
        });
      } catch (e) {
        // A refused send is a configuration problem (key, sender), not a server fault.
        throw new Conflict("notifications.providerRefused", { message: (e as Error).message });
      }
      return c.json({ message: `Test email sent to ${user.email}`, provider: provider.name });
    },
  )
  .post(
    "/api/notification-settings/test-whatsapp",
    allow("notifications.send", {
      tags: TAGS,
      summary: "Send a test WhatsApp message to phoneNumber",
      ok: r.testMessageSentSchema,
      errors: [409],
    }),
    validate("json", testWhatsappSchema),
    async (c) => {
      const { db, config } = c.get("deps");
      const { phoneNumber } = c.req.valid("json");
      const s = await getSettings(db, ["whatsapp_enabled", "whatsapp_access_token", "whatsapp_phone_number_id"]);
      if (!isOn(s.whatsapp_enabled)) throw new Conflict("notifications.whatsappDisabled");
      if (!s.whatsapp_access_token || !s.whatsapp_phone_number_id) {
        throw new Conflict("notifications.whatsappNotConfigured");
      }
      try {
        await sendWhatsAppText({
          token: s.whatsapp_access_token,
          phoneNumberId: s.whatsapp_phone_number_id,
          to: phoneNumber,
          body: "This is a test message from the procurement system.",
          baseUrl: config.providers.whatsapp,
        });
      } catch (e) {
        throw new Conflict("notifications.providerRefused", { message: (e as Error).message });
      }
      return c.json({ message: `Test WhatsApp message sent to ${phoneNumber}`, provider: "whatsapp" });
    },
  )
  .get(
    "/api/admin/email-templates",
    allow("notifications.view", {
      tags: TAGS,
      summary: "Every email template in every language: subject, body, built-in text, placeholders",
      ok: r.emailTemplateListSchema,
    }),
    async (c) => {
      const custom = new Map(
        (await templates.customTemplates(c.get("deps").db)).map((r) => [`${r.key}/${r.language}`, r]),
      );
      return c.json(
        EMAIL_TEMPLATE_KEYS.flatMap((key) =>
          LANGUAGES.map((language) => templateView(key, language, custom.get(`${key}/${language}`)))
        ),
      );
    },
  )
  .put(
    "/api/admin/email-templates/:key/:language",
    allow("notifications.edit", {
      tags: TAGS,
      summary: "Change one template in one language (subject and body, neither blank)",
      ok: r.emailTemplateResponseSchema,
    }),
    validate("param", templateParamSchema),
    validate("json", emailTemplateSchema),
    async (c) => {
      const { key, language } = templateParams(c.req.valid("param"));
      const { subject, body } = c.req.valid("json");
      const missing = missingPlaceholders(key, body);
      if (missing.length) {
        const placeholder = `{{${missing[0]}}}`;
        throw new BadRequest(
          "notify.templateMissingPlaceholder",
          [{ path: "body", message: `The body must contain ${placeholder}` }],
          { placeholder },
        );
      }
      const { db } = c.get("deps");
      const user = c.get("user")!;
      await db.tx(async (tx) => {
        const before = await templates.lockCustomTemplate(tx, key, language) ?? BUILT_IN_TEMPLATES[language][key];
        await templates.saveCustomTemplate(tx, { key, language, subject, body, userId: user.id });
        await auditUpdate(tx, c, { type: "email_template", id: `${key}/${language}` }, before, { subject, body });
      });
      return c.json(templateView(key, language, { subject, body }));
    },
  )
  .delete(
    "/api/admin/email-templates/:key/:language",
    allow("notifications.edit", {
      tags: TAGS,
      summary: "Go back to the built-in text of one template and language",
      ok: r.emailTemplateResponseSchema,
      errors: [409],
    }),
    validate("param", templateParamSchema),
    async (c) => {
      const { key, language } = templateParams(c.req.valid("param"));
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        const before = await templates.lockCustomTemplate(tx, key, language);
        if (!before) throw new Conflict("notify.templateNotCustomised");
        await templates.deleteCustomTemplate(tx, key, language);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "email_template",
          entityId: `${key}/${language}`,
          metadata: { reset: true, changes: diff(before, BUILT_IN_TEMPLATES[language][key]) },
        });
      });
      return c.json(templateView(key, language, undefined));
    },
  );
