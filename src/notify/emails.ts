/**
 * Emails written in their recipient's language: the template (an administrator's text for that
 * language, else the built-in one) filled with values formatted for the language, then put in the
 * outbox in the caller's transaction.
 */
import type { Queryable } from "../db/types.ts";
import { getSetting } from "../lib/settings.ts";
import { type EmailValues, renderEmailText } from "../shared/email-render.ts";
import { type Language, LANGUAGES } from "../shared/i18n-languages.ts";
import type { EmailTemplateKey } from "../shared/schemas/notification-settings.ts";
import { enqueueEmail, type HiddenValues } from "./outbox.ts";
import { customTemplate, languageOfEmail } from "./queries.ts";
import { BUILT_IN_TEMPLATES, type TemplateText } from "./templates.ts";

const isLanguage = (v: string | undefined): v is Language => (LANGUAGES as readonly string[]).includes(v ?? "");

/** The organisation's time zone (system setting, default UTC): times in emails are shown in it. */
async function timeZoneOf(db: Queryable): Promise<string> {
  const zone = await getSetting(db, "organisation_time_zone", "UTC");
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/** The template in force for a key and language. */
export async function templateFor(db: Queryable, key: EmailTemplateKey, language: Language): Promise<TemplateText> {
  return (await customTemplate(db, key, language)) ?? BUILT_IN_TEMPLATES[language][key];
}

/** Subject and body of one email in the language. */
export async function composeEmail(
  db: Queryable,
  key: EmailTemplateKey,
  language: Language,
  values: EmailValues,
): Promise<TemplateText> {
  const t = await templateFor(db, key, language);
  const zone = await timeZoneOf(db);
  return {
    // A subject is one line, whatever a value contains.
    subject: renderEmailText(t.subject, values, language, zone).replace(/\s*[\r\n]+\s*/g, " ").trim(),
    body: renderEmailText(t.body, values, language, zone),
  };
}

/**
 * Queues the email `key` for `to` in the recipient's language: the one given, else the language of
 * the user with that address (staff: their setting; vendors: chosen at registration), else English.
 */
export async function enqueueTemplated(
  tx: Queryable,
  email: { to: string; template: EmailTemplateKey; values: EmailValues; language?: string; hidden?: HiddenValues },
): Promise<number> {
  const stored = email.language ?? await languageOfEmail(tx, email.to);
  const language: Language = isLanguage(stored) ? stored : "en";
  const { subject, body } = await composeEmail(tx, email.template, language, email.values);
  return await enqueueEmail(tx, {
    to: email.to,
    subject,
    body,
    language,
    template: email.template,
    hidden: email.hidden,
  });
}
