/**
 * A notification as a sentence in the interface language: its type's text (the "notifications"
 * strings of web/src/locales) filled with its params, names and titles isolated for mixed
 * directions, money formatted for the language.
 */
import type { TFunction } from "i18next";
import { isolate } from "../../../lib/i18n.ts";
import { formatMoney } from "../../../lib/format.ts";
import type { NotificationView } from "../../../../../src/shared/notifications.ts";

export function notificationText(t: TFunction, lang: string, n: NotificationView): string {
  const p = n.params;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(p)) {
    if (typeof value === "string") values[key] = isolate(value);
    else if (typeof value === "number") values[key] = value;
  }
  if (typeof p.remaining === "string") values.remaining = formatMoney(p.remaining, lang, String(p.currency ?? "USD"));
  if (typeof p.amount === "string") values.amount = formatMoney(p.amount, lang, String(p.currency ?? "USD"));
  if (typeof p.count === "number") values.received = p.count;
  let key: string = n.type;
  // An open bid's quotation names its vendor; a sealed one's never does.
  if (n.type === "quotation_received" && !p.sealed && p.vendor) key = "quotation_received_vendor";
  if ((n.type === "declined" || n.type === "returned" || n.type === "po_declined") && !p.reason) {
    key = `${n.type}_plain`;
  }
  return t(`notifications.types.${key}`, values);
}
