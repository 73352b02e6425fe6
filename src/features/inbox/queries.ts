/**
 * SQL of the work inbox: each kind is read from the rows themselves (no second copy that could
 * drift), so an item leaves the moment anyone does what it asked. Every statement reads at most
 * `limit` rows (the capped count) in the order of an index, oldest or most urgent first; the
 * indexes are sql/0038_inbox_indexes.sql's and those of the lists.
 */
import type { Queryable } from "../../db/types.ts";
import { tagArray } from "../../sealing/bidder.ts";

/** One row of any kind, before the service adds the level's wording, budget and path. */
export interface InboxRow {
  id: number;
  number: string | null;
  title: string;
  amount: string | null;
  currency: string | null;
  due: Date | null;
  dueDate: string | null;
  overdue: boolean;
  action: string | null;
  given: number | null;
  required: number | null;
}

const NONE = `null::text as currency, null::date as "dueDate", false as overdue`;

/**
 * Pending purchase requests that wait for user $1, whose approval stage is $2: not the author's,
 * not one this user approved, not a stage already given since the request last entered pending
 * (src/lib/approval-policy.ts: each stage approves once; a request needing no more leaves by its
 * status). `required` is the approvals the request asks for, or more once a manager approved one
 * that is over its budget (finance must follow).
 */
export async function requestApprovals(db: Queryable, userId: number, stage: string, limit: number) {
  return await db.query<InboxRow>(
    `select pr.id, pr.request_number as number, pr.title, pr.estimated_budget::text as amount, pr.deadline as due,
        ${NONE}, null as action, a.given, greatest(pr.approvals_required, a.given + 1) as required
       from purchase_requests pr
       cross join lateral (
         select coalesce(max(e.id), 0) as since from purchase_request_events e
          where e.purchase_request_id = pr.id and e.to_status = 'pending' and e.action <> 'approved') s
       cross join lateral (
         select count(*)::int as given, bool_or(e.actor_id = $1 or e.stage = $2) as mine
           from purchase_request_events e
          where e.purchase_request_id = pr.id and e.action = 'approved' and e.id > s.since) a
      where pr.status = 'pending' and pr.created_by <> $1 and not coalesce(a.mine, false)
      -- sql/0038's pending index, oldest first (the pending are the newest requests: read in the
      -- list's order from the oldest, the planner's guess, every older request was skipped first)
      order by pr.created_at, pr.id
      limit $3`,
    [userId, stage, limit],
  );
}

/** Bid requests pending approval that wait for user $1 (stage $2), by the same rule as requests. */
export async function bidApprovals(db: Queryable, userId: number, stage: string, limit: number) {
  return await db.query<InboxRow>(
    `select b.id, b.bid_number as number, b.title, b.estimated_budget::text as amount, b.bidding_deadline as due,
        ${NONE}, null as action, a.given, greatest(b.approvals_required, 1) as required
       from bid_requests b
       cross join lateral (
         select coalesce(max(e.id), 0) as since from bid_request_events e
          where e.bid_request_id = b.id and e.action = 'submitted') s
       cross join lateral (
         select count(*)::int as given, bool_or(e.actor_id = $1 or e.stage = $2) as mine
           from bid_request_events e
          where e.bid_request_id = b.id and e.action = 'approved' and e.id > s.since) a
      where b.status = 'pending_approval' and b.created_by <> $1 and not coalesce(a.mine, false)
      order by b.created_at, b.id
      limit $3`,
    [userId, stage, limit],
  );
}

/** Bids open to vendors whose bidding closes within $1 hours, closing soonest first. */
export async function bidsClosing(db: Queryable, hours: number, limit: number) {
  return await db.query<InboxRow>(
    `select b.id, b.bid_number as number, b.title, b.estimated_budget::text as amount, b.bidding_deadline as due,
        ${NONE}, b.bidding_mode as action, null::int as given, null::int as required
       from bid_requests b
      where b.status in ('published', 'bidding_open')
        and b.bidding_deadline > now() and b.bidding_deadline <= now() + make_interval(hours => $1)
      order by b.bidding_deadline, b.id
      limit $2`,
    [hours, limit],
  );
}

/**
 * Bids whose bidding has closed and that wait to be unsealed (sealed, not yet: `unseal`) or
 * evaluated and awarded (`evaluate`), longest waiting first; `unseal` and `evaluate` say which the
 * user may do. Which ones is written into the statement, not a parameter, so the planner reads
 * sql/0038's index in order and stops at `limit` (a parameterised OR, estimated as rare, made it
 * read and sort every closed bid).
 */
export async function bidsToEvaluate(db: Queryable, unseal: boolean, evaluate: boolean, limit: number) {
  const sealed = "b.bidding_mode = 'sealed' and b.unsealed_at is null";
  const only = unseal && evaluate ? "" : unseal ? ` and ${sealed}` : ` and not (${sealed})`;
  return await db.query<InboxRow>(
    `select b.id, b.bid_number as number, b.title, b.estimated_budget::text as amount, b.bidding_deadline as due,
        ${NONE}, case when ${sealed} then 'unseal' else 'evaluate' end as action,
        null::int as given, null::int as required
       from bid_requests b
      where b.status in ('bidding_closed', 'evaluation')${only}
      order by b.bidding_deadline, b.id
      limit $1`,
    [limit],
  );
}

const ORDER_TITLE = `coalesce((select pr.title from purchase_requests pr where pr.id = po.purchase_request_id),
  (select br.title from bid_requests br where br.id = po.bid_request_id), '')`;

/**
 * Awarded orders that wait for a manager: declined by the vendor (`cancel`, then award again) or
 * fully received (`close`), oldest first.
 */
export async function ordersToAct(db: Queryable, limit: number) {
  return await db.query<InboxRow>(
    `select po.id, po.po_number as number, ${ORDER_TITLE} as title, po.total_amount::text as amount,
        po.currency, po.updated_at as due, null::date as "dueDate", false as overdue,
        case when po.status = 'declined' then 'cancel' else 'close' end as action,
        null::int as given, null::int as required
       from purchase_orders po
      where po.status in ('declined', 'received')
      order by po.created_at, po.id
      limit $1`,
    [limit],
  );
}

/** The vendor's ($1) own orders still to acknowledge (or decline), oldest first. */
export async function ordersToAcknowledge(db: Queryable, vendorId: number, limit: number) {
  return await db.query<InboxRow>(
    `select po.id, po.po_number as number, ${ORDER_TITLE} as title, po.total_amount::text as amount,
        po.currency, po.created_at as due, to_char(po.requested_delivery_date, 'YYYY-MM-DD') as "dueDate",
        false as overdue, null as action, null::int as given, null::int as required
       from purchase_orders po
      where po.vendor_id = $1 and po.status = 'issued'
      order by po.created_at, po.id
      limit $2`,
    [vendorId, limit],
  );
}

/**
 * Open orders whose delivery (the date the vendor promised, else the one asked for) is due within
 * $2 days of today in the organisation's time zone ($1) or overdue, earliest first. The expression
 * is the one sql/0038's index holds.
 */
export async function deliveriesDue(db: Queryable, timeZone: string, days: number, limit: number) {
  return await db.query<InboxRow>(
    `with today as (select (now() at time zone $1)::date as d)
     select po.id, po.po_number as number, ${ORDER_TITLE} as title, po.total_amount::text as amount,
        po.currency, null::timestamptz as due,
        to_char(coalesce(po.promised_delivery_date, po.requested_delivery_date), 'YYYY-MM-DD') as "dueDate",
        coalesce(po.promised_delivery_date, po.requested_delivery_date) < today.d as overdue,
        po.status as action, null::int as given, null::int as required
       from purchase_orders po, today
      where po.status in ('issued', 'acknowledged', 'partially_received')
        and coalesce(po.promised_delivery_date, po.requested_delivery_date) <= today.d + $2::int
      order by coalesce(po.promised_delivery_date, po.requested_delivery_date), po.id
      limit $3`,
    [timeZone, days, limit],
  );
}

/**
 * Requests and bids open to the vendor ($1) in its categories that it has not quoted yet, closing
 * soonest first: the opportunities list's own conditions (opportunities/queries.ts: an uncategorised
 * bid is open to every vendor; a request converted into a bid is answered as the bid), minus those
 * with a current quotation of the vendor's, its sealed ones found by its bidder tags ($3). Read per
 * category, each from its index in closing order up to `limit` rows, then merged: the rows read stay
 * `limit` per category however many requests are open (one scan of all the categories' rows, then a
 * sort, read every open request of the vendor's categories). The bids' keys come from sql/0038's
 * index alone (index-only, already in order), so no estimate of how many there are can make the
 * planner read them all instead (it guessed 6 of 282 a category at 100,000 requests, and did).
 */
export async function openOpportunities(db: Queryable, vendorId: number, limit: number, tags: string[]) {
  return await db.query<InboxRow>(
    `with cats as (select vc.category_id as id from vendor_categories vc where vc.vendor_id = $1),
     open_bids as (
       select o.id from (select id from cats union all select 0) c cross join lateral (
         select b.id, b.bidding_deadline from bid_requests b
          where coalesce(b.category_id, 0) = c.id and b.status in ('published', 'bidding_open')
            and b.bidding_deadline > now() and (b.bidding_start_at is null or b.bidding_start_at <= now())
            and not exists (select 1 from quotations q
                             where q.bid_request_id = b.id and q.is_current
                               and (q.vendor_id = $1 or q.vendor_tag = any (${tagArray(3)})))
          order by b.bidding_deadline, b.id
          limit $2) o
       order by o.bidding_deadline, o.id
       limit $2)
     select * from (
       (select o.* from cats cross join lateral (
          select pr.id, pr.request_number as number, pr.title, pr.estimated_budget::text as amount, pr.deadline as due,
              ${NONE}, 'purchase_request' as action, null::int as given, null::int as required
            from purchase_requests pr
           where pr.category_id = cats.id and pr.status = 'active' and pr.request_type in ('vendor_quote', 'bid_required')
             and not pr.has_live_bid and pr.deadline > now()
             and not exists (select 1 from quotations q
                              where q.purchase_request_id = pr.id and q.vendor_id = $1 and q.is_current)
           order by pr.deadline, pr.id
           limit $2) o)
       union all
       (select b.id, b.bid_number, b.title, b.estimated_budget::text, b.bidding_deadline,
           ${NONE}, 'bid_request', null::int, null::int
          from open_bids ob join bid_requests b on b.id = ob.id)
     ) x
     order by due, id
     limit $2`,
    [vendorId, limit, tags],
  );
}

/** Vendor applications waiting for review, oldest first. */
export async function vendorApplications(db: Queryable, limit: number) {
  return await db.query<InboxRow>(
    `select vp.user_id as id, null as number, vp.company_name as title, null as amount, vp.created_at as due,
        ${NONE}, null as action, null::int as given, null::int as required
       from vendor_profiles vp
      where vp.status = 'pending'
      order by vp.created_at, vp.user_id
      limit $1`,
    [limit],
  );
}
