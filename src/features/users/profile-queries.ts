import type { Queryable } from "../../db/types.ts";

export async function totpState(db: Queryable, id: number) {
  return (await db.query<{ secret: string | null; enabled: boolean; passwordHash: string | null }>(
    `select totp_secret as secret, totp_enabled as enabled, password_hash as "passwordHash" from users where id = $1`,
    [id],
  ))[0];
}

export async function savePendingTotp(db: Queryable, id: number, sealed: string) {
  await db.query("update users set totp_secret = $2, totp_enabled = false, updated_at = now() where id = $1", [
    id,
    sealed,
  ]);
}

export async function enableTotp(db: Queryable, id: number, recoveryHashes: string[]) {
  await db.query("update users set totp_enabled = true, updated_at = now() where id = $1", [id]);
  await db.query("delete from user_recovery_codes where user_id = $1", [id]);
  await db.query(
    "insert into user_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])",
    [id, recoveryHashes],
  );
}

export async function disableTotp(db: Queryable, id: number) {
  await db.query("update users set totp_enabled = false, totp_secret = null, updated_at = now() where id = $1", [id]);
  await db.query("delete from user_recovery_codes where user_id = $1", [id]);
}

export async function remainingRecoveryCodes(db: Queryable, id: number) {
  return (await db.query<{ n: number }>(
    "select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is null",
    [id],
  ))[0].n;
}

/** The language of the user's emails. */
export async function languageOf(db: Queryable, id: number): Promise<string> {
  return (await db.query<{ language: string }>("select language from users where id = $1", [id]))[0]?.language ??
    "en";
}

export async function setLanguage(db: Queryable, id: number, language: string) {
  await db.query("update users set language = $2, updated_at = now() where id = $1", [id, language]);
}

/** The user's saved preferences (defaults are the caller's); `forUpdate` locks the row for a change. */
export async function preferencesOf(db: Queryable, id: number, forUpdate = false) {
  const [row] = await db.query<{ p: Record<string, unknown> }>(
    `select preferences as p from users where id = $1${forUpdate ? " for update" : ""}`,
    [id],
  );
  return row?.p ?? {};
}

/** Merges the given preferences into the saved ones. */
export async function mergePreferences(db: Queryable, id: number, prefs: Record<string, unknown>) {
  await db.query("update users set preferences = preferences || $2::jsonb, updated_at = now() where id = $1", [
    id,
    JSON.stringify(prefs),
  ]);
}

/** Back to the defaults. */
export async function resetPreferences(db: Queryable, id: number) {
  await db.query("update users set preferences = '{}'::jsonb, updated_at = now() where id = $1", [id]);
}
