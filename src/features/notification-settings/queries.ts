/** Reading and writing the notification settings rows (the `settings` table, spec section 3). */
import type { Queryable } from "../../db/types.ts";
import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSetting,
  type UpdateSetting,
} from "../../shared/schemas/notification-settings.ts";

type Row = {
  key: string;
  value: string;
  is_secret: boolean;
  is_active: boolean;
  description: string;
  category: string;
};

/** Every notification setting; secret values are replaced by "" and `isSet` says whether one exists. */
export async function listNotificationSettings(db: Queryable): Promise<NotificationSetting[]> {
  const rows = await db.query<Row>(
    `select key, value, is_secret, is_active, description, category from settings
      where key = any($1::text[]) order by category, key`,
    [[...NOTIFICATION_SETTING_KEYS]],
  );
  return rows.map((r) => ({
    settingKey: r.key,
    settingValue: r.is_secret ? "" : r.value,
    isSecret: r.is_secret,
    ...(r.is_secret ? { isSet: r.value !== "" } : {}),
    isActive: r.is_active,
    description: r.description,
    category: r.category,
  }));
}

export async function getSettingRow(db: Queryable, key: string) {
  const rows = await db.query<Row>(
    "select key, value, is_secret, is_active, description, category from settings where key = $1 for update",
    [key],
  );
  return rows[0];
}

/** Upserts a setting; description and category stay as they were unless given. */
export async function saveSetting(db: Queryable, body: UpdateSetting, isSecret: boolean, userId: number) {
  await db.query(
    `insert into settings (key, value, is_secret, description, category, updated_by, updated_at)
     values ($1, $2, $3, coalesce($4, ''), coalesce($5, 'general'), $6, now())
     on conflict (key) do update set value = excluded.value, is_active = true,
       description = coalesce($4, settings.description), category = coalesce($5, settings.category),
       updated_by = excluded.updated_by, updated_at = now()`,
    [body.key, body.value, isSecret, body.description ?? null, body.category ?? null, userId],
  );
}
