/**
 * The work inbox: what waits for this user, by the permission matrix (src/shared/permissions.ts)
 * and the approval policy (src/lib/approval-policy.ts), each kind read from the rows by queries.ts.
 * Counts are capped (INBOX_COUNT_CAP): the statement that lists a kind's first items counts it too.
 */
import type { Queryable } from "../../db/types.ts";
import { approvalStage } from "../../lib/approval-policy.ts";
import { organisationTimeZone } from "../../lib/organisation-time-zone.ts";
import { canManageBids, hasPermission } from "../../shared/permissions.ts";
import type { RoleName } from "../../shared/roles.ts";
import {
  CLOSING_SOON_HOURS,
  DELIVERY_DUE_DAYS,
  INBOX_COUNT_CAP,
  INBOX_ITEMS_PER_KIND,
  INBOX_KINDS,
  type InboxKind,
} from "../../shared/inbox.ts";
import type { Inbox, InboxItem } from "../../shared/schemas/responses/inbox.ts";
import { budgetName, requestEffects } from "../budgets/service.ts";
import * as q from "./queries.ts";

export interface InboxUser {
  id: number;
  role: RoleName;
  /** The vendor's bidder tags (src/sealing/bidder.ts), asked only for a vendor. */
  bidderTags?: () => Promise<string[]>;
}

type Reader = (db: Queryable, user: InboxUser, limit: number) => Promise<q.InboxRow[]>;

const staff = (role: RoleName) => role !== "vendor";
/** Evaluating and awarding is the quotation reviewers' (quotations/routes.ts: staff holding quotations.edit). */
const mayEvaluate = (role: RoleName) => staff(role) && hasPermission(role, "quotations.edit");

/** Each kind: whether the role can ever have it, how its rows are read, where its action is taken. */
const KINDS: Record<InboxKind, { may: (role: RoleName) => boolean; read: Reader; path: (id: number) => string }> = {
  request_approval: {
    may: (role) => hasPermission(role, "purchase_requests.approve"),
    read: (db, u, limit) => q.requestApprovals(db, u.id, approvalStage(u.role), limit),
    path: (id) => `/dashboard?section=requests&open=${id}`,
  },
  bid_approval: {
    may: (role) => staff(role) && hasPermission(role, "purchase_requests.approve"),
    read: (db, u, limit) => q.bidApprovals(db, u.id, approvalStage(u.role), limit),
    path: (id) => `/dashboard?section=bids&open=${id}`,
  },
  bid_closing: {
    may: canManageBids,
    read: (db, _u, limit) => q.bidsClosing(db, CLOSING_SOON_HOURS, limit),
    path: (id) => `/dashboard?section=bids&open=${id}`,
  },
  bid_evaluation: {
    may: (role) => mayEvaluate(role) || hasPermission(role, "sealed_bidding.unseal"),
    read: (db, u, limit) =>
      q.bidsToEvaluate(db, hasPermission(u.role, "sealed_bidding.unseal"), mayEvaluate(u.role), limit),
    path: (id) => `/dashboard?section=bids&open=${id}`,
  },
  order_action: {
    may: (role) => hasPermission(role, "purchase_orders.manage"),
    read: (db, _u, limit) => q.ordersToAct(db, limit),
    path: (id) => `/purchase-orders/${id}`,
  },
  order_acknowledge: {
    may: (role) => role === "vendor",
    read: (db, u, limit) => q.ordersToAcknowledge(db, u.id, limit),
    path: (id) => `/purchase-orders/${id}`,
  },
  delivery: {
    may: (role) => hasPermission(role, "purchase_orders.receive"),
    read: async (db, _u, limit) => q.deliveriesDue(db, await organisationTimeZone(db), DELIVERY_DUE_DAYS, limit),
    path: (id) => `/purchase-orders/${id}`,
  },
  opportunity: {
    may: (role) => role === "vendor" && hasPermission(role, "vendor_profile.view"),
    read: async (db, u, limit) => q.openOpportunities(db, u.id, limit, (await u.bidderTags?.()) ?? []),
    path: () => "/dashboard?section=opportunities",
  },
  vendor_application: {
    may: (role) => hasPermission(role, "vendors.approve"),
    read: (db, _u, limit) => q.vendorApplications(db, limit),
    path: () => "/dashboard?section=vendors",
  },
};

/** The kinds a role can have at all (the SPA shows a badge only for these). */
export const kindsFor = (role: RoleName): InboxKind[] => INBOX_KINDS.filter((k) => KINDS[k].may(role));

/** The tightest budget a request falls under: the one left with the least after its estimate. */
async function budgetsOf(db: Queryable, prIds: number[]): Promise<Map<number, InboxItem["budget"]>> {
  const effects = await requestEffects(db, prIds);
  const out = new Map<number, InboxItem["budget"]>();
  for (const [id, effect] of effects) {
    const tightest = effect.budgets.reduce<(typeof effect.budgets)[number] | undefined>(
      (worst, b) => !worst || Number(b.after) < Number(worst.after) ? b : worst,
      undefined,
    );
    if (tightest) {
      out.set(id, {
        name: budgetName(tightest),
        remaining: tightest.remaining,
        after: tightest.after,
        overrun: tightest.overrun,
      });
    }
  }
  return out;
}

/** The user's inbox: up to INBOX_ITEMS_PER_KIND items per kind, and each kind's capped count. */
export async function inbox(db: Queryable, user: InboxUser): Promise<Inbox> {
  const kinds = kindsFor(user.role);
  const read = await Promise.all(kinds.map((k) => KINDS[k].read(db, user, INBOX_COUNT_CAP)));
  const counts: Inbox["counts"] = {};
  const items: InboxItem[] = [];
  kinds.forEach((kind, i) => {
    counts[kind] = read[i].length;
    for (const row of read[i].slice(0, INBOX_ITEMS_PER_KIND)) {
      const { given, required, due, ...rest } = row;
      items.push({
        ...rest,
        kind,
        due: due ? due.toISOString() : null,
        level: given === null || required === null ? null : { given, required },
        budget: null,
        path: KINDS[kind].path(row.id),
      });
    }
  });
  const approvals = items.filter((i) => i.kind === "request_approval");
  if (approvals.length) {
    const budgets = await budgetsOf(db, approvals.map((i) => i.id));
    for (const item of approvals) item.budget = budgets.get(item.id) ?? null;
  }
  return { items, counts, total: Object.values(counts).reduce((s, n) => s + (n ?? 0), 0) };
}
