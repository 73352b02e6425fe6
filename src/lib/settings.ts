/** Reading settings (key/value rows seeded by the first migration). */
import type { Queryable } from "../db/types.ts";
import { activeSettings } from "./settings-queries.ts";

export async function getSettings(db: Queryable, keys: string[]): Promise<Record<string, string>> {
  const rows = await activeSettings(db, keys);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function getSetting(db: Queryable, key: string, fallback = ""): Promise<string> {
  return (await getSettings(db, [key]))[key] ?? fallback;
}

export const isOn = (value: string | undefined) => value === "true";

/** `{{name}}` placeholders filled from values; unknown ones are left visible rather than silently dropped. */
export function renderTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k) => (k in values ? String(values[k]) : m));
}
