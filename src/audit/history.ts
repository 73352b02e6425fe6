/**
 * The readable history: audit entries turned into what a sentence needs ("Maria Gonzalez approved
 * purchase request PR-2026-0001 (level 1 of 2) with the comment ..."): who, a stable action key, the
 * document by its number and name, the values the sentence quotes and the values that changed. The
 * SPA words it in the reader's language; the raw entry stays in the audit log's export.
 *
 * Sealing: entries pass through `presentAuditRows` first, so what a sealed bid hides stays hidden
 * (a withheld entry becomes `sealedSubmission` with no actor, document or values), and a quotation is
 * named by its vendor only once its bid is unsealed (history-queries.ts).
 */
import type { Queryable } from "../db/types.ts";
import * as q from "./history-queries.ts";
import { presentAuditRows } from "./sealed-entries.ts";

import type { HistoryEntry, HistoryValue } from "../shared/history.ts";

export type { HistoryEntry, HistoryValue };

/** The documents with a History tab, as their audit entity types. */
export type DocumentKind = "purchase_request" | "bid_request" | "quotation" | "purchase_order";

type Meta = Record<string, unknown>;
const asMeta = (m: unknown): Meta => (m && typeof m === "object" && !Array.isArray(m) ? m as Meta : {});
const isChange = (v: unknown): v is { from?: unknown; to: unknown } => !!v && typeof v === "object" && "to" in v;

/** Audit actions that read the same whatever the document. */
const PLAIN: Record<string, string> = {
  CREATE: "created",
  UPDATE: "updated",
  DELETE: "deleted",
  LOGIN: "signedIn",
  LOGIN_FAILED: "signInFailed",
  LOGIN_THROTTLED: "signInThrottled",
  LOGOUT: "signedOut",
  APPROVE: "approved",
  REJECT: "rejected",
  STATUS_CHANGE: "statusChanged",
  PASSWORD_CHANGE: "passwordChanged",
  PASSWORD_RESET: "passwordReset",
  ROLE_CHANGE: "roleChanged",
  TWO_FACTOR_ENABLE: "twoFactorOn",
  TWO_FACTOR_DISABLE: "twoFactorOff",
  UNSEAL: "unsealed",
  AWARD: "awarded",
  EXPORT: "exported",
  RESTORE: "restored",
  REVEAL: "revealed",
};

/** Purchase order events (service.ts `logChange`) that are their own sentence. */
const ORDER_EVENTS: Record<string, string> = {
  acknowledged: "acknowledged",
  declined: "declined",
  cancelled: "cancelled",
  closed: "closed",
  goods_received: "goodsReceived",
  requested_delivery_date: "deliveryDateChanged",
};

interface Row {
  action: string;
  entityType: string;
  metadata: unknown;
}

/** The stable key the SPA words (`history.actions.<key>` in web/src/locales). */
export function actionKey(r: Row): string {
  const m = asMeta(r.metadata);
  if ("withheld" in m) return "sealedSubmission";
  const kind = r.entityType;
  const changes = asMeta(m.changes);
  const status = isChange(changes.status) ? changes.status : null;
  if (kind === "purchase_order" && typeof m.event === "string" && ORDER_EVENTS[m.event]) return ORDER_EVENTS[m.event];
  switch (r.action) {
    case "CREATE":
      return kind === "quotation" ? "submitted" : kind === "purchase_order" ? "issued" : "created";
    case "UPDATE":
      if (m.amendment) return "amended";
      if (m.extensionRequested) return "extensionRequested";
      if (kind === "quotation" && "validUntil" in changes) return "validityExtended";
      if (kind === "quotation" && "technicalScore" in changes) return "evaluated";
      return "updated";
    case "STATUS_CHANGE":
      if (m.closedEarly) return "closedEarly";
      if (m.by === "schedule") return "biddingOpened";
      if (m.by === "deadline") return "biddingClosed";
      if (status?.to === "pending_approval") return "sentForApproval";
      return "statusChanged";
  }
  return PLAIN[r.action] ?? "other";
}

function value(v: unknown): HistoryValue {
  if (v === undefined || v === null) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

/** The values a sentence quotes: the approval's level, the comment or reason, amounts, the vendor. */
export function paramsOf(r: Row, vendorName?: string | null): Record<string, HistoryValue> {
  const m = asMeta(r.metadata);
  const p: Record<string, HistoryValue> = {};
  const changes = asMeta(m.changes);
  if (isChange(changes.status)) {
    p.from = value(changes.status.from);
    p.to = value(changes.status.to);
  }
  for (const key of ["level", "of", "stage", "poNumber", "promisedDeliveryDate", "score", "quotations", "items"]) {
    if (m[key] !== undefined && m[key] !== null && typeof m[key] !== "object") p[key] = value(m[key]);
  }
  const comment = [m.comment, m.reason, m.clarification, m.justification].find((c) =>
    typeof c === "string" && c.trim()
  );
  if (typeof comment === "string") p.comment = comment.trim();
  if (m.totalAmount !== undefined && m.totalAmount !== null) p.amount = value(m.totalAmount);
  const vendor = typeof m.vendorName === "string" ? m.vendorName : vendorName;
  if (vendor) p.vendor = vendor;
  if (m.overBudget === true) p.overBudget = true;
  return p;
}

/** An amount's currency, where the document has one. */
function withCurrency(p: Record<string, HistoryValue>, currency?: string) {
  return p.amount !== undefined && currency ? { ...p, currency } : p;
}

/** The fields that changed, before and after; the status, when it moved, among them. */
export function changesOf(r: Row): HistoryEntry["changes"] {
  const m = asMeta(r.metadata);
  const found: HistoryEntry["changes"] = [];
  const add = (field: string, c: { from?: unknown; to: unknown }) =>
    found.push({ field, from: value(c.from), to: value(c.to) });
  for (const [field, c] of Object.entries(asMeta(m.changes))) if (isChange(c)) add(field, c);
  // Older entries keep some before/after pairs beside `changes` (a request's budget on edit).
  for (const [field, c] of Object.entries(m)) if (field !== "changes" && isChange(c)) add(field, c);
  return found.filter((c) => c.from !== c.to);
}

/** What the rows need resolved: each document's or user's id, per kind. */
function wanted(rows: (Row & { entityId: string | null })[]) {
  const ids = new Map<string, Set<number>>();
  const want = (kind: string, id: unknown) => {
    const n = typeof id === "number" ? id : typeof id === "string" && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(n) || !q.RESOLVABLE_KINDS.includes(kind)) return;
    if (!ids.has(kind)) ids.set(kind, new Set());
    ids.get(kind)!.add(n);
  };
  for (const r of rows) {
    want(r.entityType, r.entityId);
    const vendorId = asMeta(r.metadata).vendorId;
    if (vendorId !== undefined) want("vendor", vendorId);
  }
  return ids;
}

export interface DescribableRow extends Row {
  id: number;
  entityId: string | null;
  userId: number | null;
  userName?: string | null;
  userEmail?: string | null;
  at?: Date | string;
  timestamp?: Date | string;
}

/** Each row as a history entry, ids resolved to numbers and names in one query per kind. */
export async function describeRows(db: Queryable, rows: DescribableRow[]): Promise<HistoryEntry[]> {
  const names = new Map<string, q.ResolvedEntity>();
  await Promise.all(
    [...wanted(rows)].map(async ([kind, ids]) => {
      for (const e of await q.resolveIds(db, kind, [...ids])) names.set(`${kind}:${e.id}`, e);
    }),
  );
  return rows.map((r) => {
    const m = asMeta(r.metadata);
    const resolved = r.entityId === null ? undefined : names.get(`${r.entityType}:${r.entityId}`);
    const vendor = m.vendorId === undefined ? undefined : names.get(`vendor:${m.vendorId}`)?.title;
    const at = r.at ?? r.timestamp ?? new Date(0);
    const withheld = "withheld" in m;
    return {
      id: r.id,
      at: at instanceof Date ? at.toISOString() : new Date(at).toISOString(),
      actor: r.userId === null ? null : { id: r.userId, name: r.userName || r.userEmail || `#${r.userId}` },
      action: actionKey(r),
      entity: r.entityType
        ? {
          kind: r.entityType,
          id: withheld ? null : r.entityId,
          number: resolved?.number ??
            (typeof m.poNumber === "string" && r.entityType === "purchase_order" ? m.poNumber : null),
          title: resolved?.title ?? null,
        }
        : null,
      params: withheld ? {} : withCurrency(paramsOf(r, vendor), resolved?.currency),
      changes: withheld ? [] : changesOf(r),
    };
  });
}

/**
 * One document's history, oldest first. The caller has checked that the reader may read the document
 * (its own route's guard and rules): this reads the entries only, through the sealing filter.
 */
export async function documentHistory(
  db: Queryable,
  sealedBidKey: Uint8Array,
  kind: DocumentKind,
  id: number,
): Promise<HistoryEntry[]> {
  const rows = (await q.documentEntries(db, kind, id)).map((r) => ({ ...r, ip: null, userAgent: null }));
  return await describeRows(db, await presentAuditRows(db, sealedBidKey, rows));
}
