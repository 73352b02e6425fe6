/**
 * Admin notification settings (spec section 2): the email provider, WhatsApp, notification toggles
 * and templates, plus test sends. Secret values are written here but never read back to a client.
 */
import { Hono } from "hono";
import { allow } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Conflict } from "../../lib/errors.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { chooseProvider } from "../../notify/worker.ts";
import { sendWhatsAppText } from "../../notify/whatsapp.ts";
import { SECRET_KEYS, testWhatsappSchema, updateSettingSchema } from "../../shared/schemas/notification-settings.ts";
import * as q from "./queries.ts";

const TAGS = ["notifications"];

export const notificationSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/api/admin/notification-settings",
    allow("notifications.view", {
      tags: TAGS,
      summary: "Notification settings; secret values come back empty with isSet",
    }),
    async (c) => c.json(await q.listNotificationSettings(c.get("deps").db)),
  )
  .post(
    "/api/admin/notification-settings",
    allow("notifications.edit", { tags: TAGS, summary: "Change one notification setting (key, value)" }),
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
    allow("notifications.send", { tags: TAGS, summary: "Send a test WhatsApp message to phoneNumber" }),
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
  );
