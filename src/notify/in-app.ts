/**
 * The in-app notification centre's one writer (docs/decisions/030-notifications.md): services call
 * `notifyUsers` inside their own transaction, so a notification exists exactly when the change that
 * caused it committed; the row's trigger (sql/0037) then tells every instance's live streams.
 * The recipient helpers below name the usual audiences; inactive users are skipped, and so is the
 * actor, who knows what they just did.
 */
import type { Queryable } from "../db/types.ts";
import type { ApprovalStage } from "../lib/approval-policy.ts";
import type { NotificationEntityKind, NotificationParams, NotificationType } from "../shared/notifications.ts";

export interface Notice {
  type: NotificationType;
  entity: { kind: NotificationEntityKind; id: number };
  params?: NotificationParams;
}

/** Adds `notice` for each of `userIds` (duplicates and the actor left out); returns how many were written. */
export async function notifyUsers(
  tx: Queryable,
  userIds: Iterable<number | null | undefined> | Promise<Iterable<number | null | undefined>>,
  notice: Notice,
  actorId?: number | null,
): Promise<number> {
  const ids = [...new Set([...await userIds].filter((id): id is number => typeof id === "number"))];
  if (!ids.length) return 0;
  const rows = await tx.query(
    `insert into notifications (user_id, type, entity_kind, entity_id, params)
     select u.id, $2, $3, $4, $5::jsonb from users u
      where u.id = any($1::int[]) and u.is_active and u.id <> coalesce($6::int, 0)
      order by u.id
     returning id`,
    [ids, notice.type, notice.entity.kind, notice.entity.id, JSON.stringify(notice.params ?? {}), actorId ?? null],
  );
  return rows.length;
}

const ids = async (tx: Queryable, sql: string, params: unknown[]) =>
  (await tx.query<{ id: number }>(sql, params)).map((r) => r.id);

/** Active users holding one of the roles. */
export function usersWithRoles(tx: Queryable, roles: string[]): Promise<number[]> {
  return ids(
    tx,
    `select u.id from users u join roles r on r.id = u.role_id where u.is_active and r.name = any($1::text[])`,
    [roles],
  );
}

/** Who gives an approval of the stage: procurement managers, or cost/finance controllers. */
export function approversOf(tx: Queryable, stage: ApprovalStage): Promise<number[]> {
  return usersWithRoles(tx, [stage === "finance" ? "cost_finance_controller" : "procurement_manager"]);
}

/** Finance: the cost/finance controllers. */
export function financeUsers(tx: Queryable): Promise<number[]> {
  return usersWithRoles(tx, ["cost_finance_controller"]);
}

/** Approved vendors subscribed to the category (none without one). */
export function vendorsInCategory(tx: Queryable, categoryId: number | null): Promise<number[]> {
  if (categoryId === null) return Promise.resolve([]);
  return ids(
    tx,
    `select vp.user_id as id from vendor_categories vc join vendor_profiles vp on vp.user_id = vc.vendor_id
      where vc.category_id = $1 and vp.status = 'approved'`,
    [categoryId],
  );
}

/**
 * The vendors of a live bid: subscribed to its category, or who quoted on it (an open bid's
 * quotations name their vendor; a sealed bid's bidders are passed in, opened by the caller).
 */
export function vendorsOfBid(tx: Queryable, bidId: number, sealedBidders: number[] = []): Promise<number[]> {
  return ids(
    tx,
    `select vp.user_id as id from bid_requests b cross join vendor_profiles vp
      where b.id = $1 and vp.status = 'approved'
        and (exists (select 1 from vendor_categories vc where vc.vendor_id = vp.user_id and vc.category_id = b.category_id)
             or exists (select 1 from quotations q where q.bid_request_id = b.id and q.vendor_id = vp.user_id)
             or vp.user_id = any ($2::int[]))`,
    [bidId, sealedBidders],
  );
}

/** A purchase request as a notification's subject: its number and title. */
export const aboutRequest = (
  r: { id: number; requestNumber: string; title: string },
  more: NotificationParams = {},
) => ({
  entity: { kind: "purchase_request" as const, id: r.id },
  params: { number: r.requestNumber, title: r.title, ...more },
});

/** A bid request as a notification's subject: its number and title. */
export const aboutBid = (b: { id: number; bidNumber: string; title: string }, more: NotificationParams = {}) => ({
  entity: { kind: "bid_request" as const, id: b.id },
  params: { number: b.bidNumber, title: b.title, ...more },
});

/** A decline or return reason as shown in the bell: one line, not too long. */
export const shortReason = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
