/**
 * The in-app notifications' vocabulary, shared by the server (sql/0037_notifications.sql holds the
 * same lists as CHECKs) and the SPA, which turns a type and its params into a sentence.
 */
export const NOTIFICATION_TYPES = [
  "approval_requested",
  "approved",
  "declined",
  "returned",
  "bid_published",
  "bid_amended",
  "bid_closing",
  "bid_closed",
  "quotation_received",
  "awarded",
  "not_awarded",
  "po_issued",
  "po_acknowledged",
  "po_declined",
  "receipt_recorded",
  "budget_threshold",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_ENTITY_KINDS = ["purchase_request", "bid_request", "purchase_order", "budget"] as const;
export type NotificationEntityKind = (typeof NOTIFICATION_ENTITY_KINDS)[number];

/** The values a message is written with: numbers, titles, counts (never a sealed value). */
export type NotificationParams = Record<string, string | number | boolean | null>;

/** One notification as the API answers it (the list and each event of the stream). */
export interface NotificationView {
  id: number;
  type: NotificationType;
  entityKind: NotificationEntityKind;
  entityId: number;
  params: NotificationParams;
  createdAt: string;
  readAt: string | null;
}

/** "Bid closing in N hours": how long before the deadline the bid clock tells its vendors. */
export const BID_CLOSING_HOURS = 24;

/** The shares of a budget used (committed and spent) whose crossing tells finance. */
export const BUDGET_ALERT_PERCENTS = [80, 100] as const;
