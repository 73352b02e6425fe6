/** SQL of the email templates an administrator changed (table email_templates, one row per key and language). */
import type { Queryable } from "../db/types.ts";
import type { TemplateText } from "./templates.ts";

export type TemplateRow = TemplateText & { key: string; language: string };

export async function customTemplate(db: Queryable, key: string, language: string): Promise<TemplateText | undefined> {
  return (await db.query<TemplateText>(
    "select subject, body from email_templates where template_key = $1 and language = $2",
    [key, language],
  ))[0];
}

export async function customTemplates(db: Queryable): Promise<TemplateRow[]> {
  return await db.query<TemplateRow>(
    "select template_key as key, language, subject, body from email_templates order by template_key, language",
  );
}

/** The row before the change (locked), for the audit trail. */
export async function lockCustomTemplate(db: Queryable, key: string, language: string) {
  return (await db.query<TemplateText>(
    "select subject, body from email_templates where template_key = $1 and language = $2 for update",
    [key, language],
  ))[0];
}

export async function saveCustomTemplate(
  db: Queryable,
  t: { key: string; language: string; subject: string; body: string; userId: number },
) {
  await db.query(
    `insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
     values ($1, $2, $3, $4, $5, now())
     on conflict (template_key, language) do update set subject = excluded.subject, body = excluded.body,
       updated_by = excluded.updated_by, updated_at = now()`,
    [t.key, t.language, t.subject, t.body, t.userId],
  );
}

export async function deleteCustomTemplate(db: Queryable, key: string, language: string): Promise<boolean> {
  return (await db.query("delete from email_templates where template_key = $1 and language = $2 returning 1", [
    key,
    language,
  ])).length > 0;
}

/** The language of the user with this email address, if there is one. */
export async function languageOfEmail(db: Queryable, email: string): Promise<string | undefined> {
  return (await db.query<{ language: string }>("select language from users where email = lower($1)", [email]))[0]
    ?.language;
}

/** The language a user's emails are written in (staff: their setting; vendors: chosen at registration). */
export async function setUserLanguage(db: Queryable, userId: number, language: string) {
  await db.query("update users set language = $2, updated_at = now() where id = $1", [userId, language]);
}
