/**
 * A history entry (GET /api/.../:id/history, and each audit log row's `entry`: src/audit/history.ts)
 * as a sentence in the reader's language: "Maria Gonzalez approved purchase request PR-2026-0001
 * “Chairs” (level 1 of 2)", its comment and the values that changed. Names, numbers and titles are
 * user data: each is isolated (lib/i18n.ts) so it keeps its own direction inside Dhivehi text.
 */
import { BID_STATUSES, QUOTATION_STATUSES } from "../../../src/shared/status/bid-request.ts";
import { PR_STATUSES } from "../../../src/shared/status/purchase-request.ts";
import { PURCHASE_ORDER_STATUSES } from "../../../src/shared/schemas/purchase-orders.ts";
import type { TFunction } from "i18next";
import { isolate } from "./isolate.ts";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "./format.ts";

import type { HistoryEntry, HistoryValue } from "../../../src/shared/history.ts";

export type { HistoryEntry, HistoryValue };

export type HistoryLine = { sentence: string; comment: string | null; changes: string[] };

/** Every action key the server sends (src/audit/history.ts `actionKey`) has a sentence. */
export const HISTORY_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "statusChanged",
  "approved",
  "rejected",
  "awarded",
  "unsealed",
  "submitted",
  "sealedSubmission",
  "issued",
  "acknowledged",
  "declined",
  "cancelled",
  "closed",
  "goodsReceived",
  "deliveryDateChanged",
  "closedEarly",
  "biddingOpened",
  "biddingClosed",
  "sentForApproval",
  "amended",
  "evaluated",
  "extensionRequested",
  "validityExtended",
  "signedIn",
  "signInFailed",
  "signInThrottled",
  "signedOut",
  "passwordChanged",
  "passwordReset",
  "roleChanged",
  "twoFactorOn",
  "twoFactorOff",
  "exported",
  "restored",
  "revealed",
  "other",
] as const;

const KNOWN_ACTIONS: ReadonlySet<string> = new Set(HISTORY_ACTIONS);
const DOCUMENTS = new Set(["purchase_request", "bid_request", "purchase_order", "user", "vendor", "category"]);
/** Every status a history entry can name: the request, bid, quotation and order state machines'. */
export const HISTORY_STATUSES: readonly string[] = [
  ...new Set([...PR_STATUSES, ...BID_STATUSES, ...QUOTATION_STATUSES, ...PURCHASE_ORDER_STATUSES]),
];
const STATUSES: ReadonlySet<string> = new Set(HISTORY_STATUSES);
export const HISTORY_FIELDS = [
  "status",
  "title",
  "estimatedBudget",
  "deadline",
  "biddingDeadline",
  "technicalScore",
  "validUntil",
  "validityDays",
  "requestedDeliveryDate",
  "purchaseRequest",
  "role",
  "isActive",
  "language",
] as const;
const FIELDS: ReadonlySet<string> = new Set(HISTORY_FIELDS);
const MONEY_FIELDS = new Set(["estimatedBudget", "totalAmount", "amount"]);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "system_settings" → "system settings": a kind this build has no words for still reads as words. */
const words = (key: string) => key.replaceAll("_", " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** A value as the reader reads it: statuses translated, dates and money formatted, user text isolated. */
export function historyValue(t: TFunction, lang: string, field: string, value: HistoryValue): string {
  if (value === null || value === "") return t("history.none");
  if (typeof value === "boolean") return t(value ? "history.yes" : "history.no");
  if (typeof value === "number") {
    return MONEY_FIELDS.has(field) ? formatMoney(value, lang) : formatNumber(value, lang, 2);
  }
  if ((field === "status" || field === "purchaseRequest") && STATUSES.has(value)) return t(`history.status.${value}`);
  if (MONEY_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return formatMoney(value, lang);
  if (ISO_DATE.test(value)) return formatDate(`${value}T00:00:00Z`, lang, { utc: true });
  if (ISO_INSTANT.test(value)) return formatDateTime(value, lang);
  return isolate(value);
}

/** The document as a phrase: "purchase request PR-2026-0001 “Chairs”", "the quotation of Acme for BR-…". */
export function entityPhrase(t: TFunction, entity: HistoryEntry["entity"]): string {
  if (!entity) return "";
  const number = entity.number ? isolate(entity.number) : entity.id ? isolate(`#${entity.id}`) : "";
  const title = entity.title ? isolate(entity.title) : "";
  switch (entity.kind) {
    case "quotation":
      if (!number) return t("history.entity.quotationSealed");
      return title
        ? t("history.entity.quotationFrom", { number, vendor: title })
        : t("history.entity.quotation", { number });
    case "purchase_order":
      return title
        ? t("history.entity.purchaseOrderTo", { number, vendor: title })
        : t("history.entity.purchase_order", { number });
  }
  if (DOCUMENTS.has(entity.kind)) {
    const name = number && title ? t("history.named", { number, title }) : number || title;
    return t(`history.entity.${entity.kind}`, { number: name });
  }
  const name = number && title ? t("history.named", { number, title }) : number || title;
  return name ? `${words(entity.kind)} ${name}` : words(entity.kind);
}

/** The entry's sentence, its comment and its changed values, in the reader's language. */
export function historyLine(t: TFunction, lang: string, entry: HistoryEntry): HistoryLine {
  const p = entry.params;
  const actor = entry.actor
    ? isolate(entry.actor.name)
    : t(entry.action === "sealedSubmission" ? "history.someone" : "history.system");
  const action = KNOWN_ACTIONS.has(entry.action) ? entry.action : "other";
  const values = {
    actor,
    entity: entityPhrase(t, entry.entity),
    from: historyValue(t, lang, "status", p.from ?? null),
    to: historyValue(t, lang, "status", p.to ?? null),
    level: p.level,
    of: p.of,
    vendor: typeof p.vendor === "string" ? isolate(p.vendor) : t("history.none"),
    amount: p.amount === undefined || p.amount === null
      ? ""
      : formatMoney(p.amount as string | number, lang, typeof p.currency === "string" ? p.currency : undefined),
    date: typeof p.promisedDeliveryDate === "string" ? historyValue(t, lang, "date", p.promisedDeliveryDate) : "",
  };
  // A variant where the sentence has more to say: the approval's level, the amount, the promised date.
  const context = action === "approved" && p.level !== undefined && p.of !== undefined
    ? "level"
    : (action === "issued" || action === "awarded") && values.amount
    ? "amount"
    : action === "acknowledged" && values.date
    ? "date"
    : undefined;
  const sentence = t(`history.actions.${action}`, { ...values, context, interpolation: { escapeValue: false } });
  const comment = typeof p.comment === "string" && p.comment ? p.comment : null;
  const changes = entry.changes
    // A move of status the sentence already says is not listed again.
    .filter((c) => !(c.field === "status" && action === "statusChanged"))
    .map((c) =>
      t("history.change", {
        field: FIELDS.has(c.field) ? t(`history.fields.${c.field}`) : words(c.field),
        from: historyValue(t, lang, c.field, c.from),
        to: historyValue(t, lang, c.field, c.to),
        interpolation: { escapeValue: false },
      })
    );
  return { sentence, comment, changes };
}
