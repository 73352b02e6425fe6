import type { Queryable } from "../../db/types.ts";
import { insertRequestItems, type RequestItemCommon } from "../../db/request-items.ts";
import type { RequestEvent } from "../../db/request-events.ts";
import type { ApprovalStage } from "../../lib/approval-policy.ts";
import { type JsonPage, jsonPage } from "../../db/json-page.ts";
import { cursorSql, type Keyset, keysetRows, limitSql, whereAfter, whereFrom } from "../../db/keyset.ts";
import { where as buildWhere } from "../../db/where.ts";

export interface BidItemInput extends RequestItemCommon {
  specification: string;
  technicalRequirements: string;
  evaluationCriteria: string;
}

const cents = (c: number) => (c / 100).toFixed(2);

export const BID_COLUMNS = `b.id, b.bid_number as "bidNumber", b.title, b.description, b.department, b.deadline,
  b.bidding_start_at as "biddingStartAt", b.bidding_deadline as "biddingDeadline", b.bidding_mode as "biddingMode",
  b.status, b.estimated_budget as "estimatedBudget", b.qualification_criteria as "qualificationCriteria",
  b.evaluation_method as "evaluationMethod", b.price_weight as "priceWeight", b.technical_weight as "technicalWeight",
  b.bond_required as "bondRequired", b.bond_amount as "bondAmount", b.vendor_prequalification as "vendorPrequalification",
  b.minimum_years_experience as "minimumYearsExperience", b.technical_specifications as "technicalSpecifications",
  b.commercial_terms as "commercialTerms", b.purchase_request_id as "purchaseRequestId", b.unsealed_at as "unsealedAt",
  b.created_at as "createdAt", b.updated_at as "updatedAt", b.version, b.approvals_required as "approvalsRequired",
  b.closed_early_at as "closedEarlyAt", b.early_close_reason as "earlyCloseReason", b.created_by as "createdBy",
  case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as category,
  (select count(*)::int from quotations q where q.bid_request_id = b.id and q.is_current) as "bidCount"`;

const ITEMS_JSON = `coalesce((select json_agg(json_build_object('id', i.id, 'itemName', i.name, 'name', i.name,
    'specification', i.specification, 'quantity', i.quantity, 'unit', i.unit, 'estimatedPrice', i.estimated_price::text,
    'categoryId', i.category_id, 'technicalRequirements', i.technical_requirements,
    'evaluationCriteria', i.evaluation_criteria) order by i.position, i.id)
  from bid_request_items i where i.bid_request_id = b.id), '[]'::json) as items`;

// Timestamps inside json come out as PostgreSQL writes them; this is the JSON of a JS Date (milliseconds, Z),
// so a date built in SQL reads the same as the driver's dates did (and as every other date of the API).
const isoMs = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A row of the list as json_build_object: the fields of BID_COLUMNS with the values the driver gave
 * (dates as a JS Date's JSON, money as text), and instead of every item the summary kept on the
 * row by sql/0022 (item count and the first three items). The SPA's tabs show neither; the details
 * (GET /api/bid-requests/{id}) carry the items in full.
 */
const LIST_JSON = `json_build_object('id', b.id, 'bidNumber', b.bid_number, 'title', b.title,
  'description', b.description, 'department', b.department, 'deadline', ${isoMs("b.deadline")},
  'biddingStartAt', ${isoMs("b.bidding_start_at")}, 'biddingDeadline', ${isoMs("b.bidding_deadline")},
  'biddingMode', b.bidding_mode, 'status', b.status, 'estimatedBudget', b.estimated_budget::text,
  'qualificationCriteria', b.qualification_criteria, 'evaluationMethod', b.evaluation_method,
  'priceWeight', b.price_weight, 'technicalWeight', b.technical_weight, 'bondRequired', b.bond_required,
  'bondAmount', b.bond_amount::text, 'vendorPrequalification', b.vendor_prequalification,
  'minimumYearsExperience', b.minimum_years_experience, 'technicalSpecifications', b.technical_specifications,
  'commercialTerms', b.commercial_terms, 'purchaseRequestId', b.purchase_request_id,
  'unsealedAt', ${isoMs("b.unsealed_at")}, 'createdAt', ${isoMs("b.created_at")},
  'updatedAt', ${isoMs("b.updated_at")}, 'version', b.version, 'approvalsRequired', b.approvals_required,
  'closedEarlyAt', ${isoMs("b.closed_early_at")}, 'earlyCloseReason', b.early_close_reason, 'createdBy', b.created_by,
  'category', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
  'bidCount', (select count(*)::int from quotations q where q.bid_request_id = b.id and q.is_current),
  'itemCount', b.item_count, 'items', b.item_summary)`;

/**
 * A tab's page of bid rows in list order (newest first), as a `from` item named `b` over `params`.
 * Each way is one range of an index in list order whatever the tab (sql/0021), so PostgreSQL can
 * keep one cached plan per statement text (the page size is part of the text, src/db/keyset.ts
 * `limitSql`) instead of planning each request:
 * - no status filter: bid_requests_list_idx, from the cursor or the offset's position, the rows read
 *   straight from it;
 * - statuses: one range of bid_requests_status_list_idx per status, merged. With `status = any(...)`
 *   PostgreSQL read the list index newest first and threw away every bid of another status: the
 *   completed tab (the oldest bids) read 6,691 rows and 6,529 buffers for 50 at 100,000 requests,
 *   `status=evaluation` 4,060 rows. One status: its rows read straight from its range. Several
 *   (a tab): each range read as ids (index only; up to offset + limit with an offset), merged, and
 *   only the page's rows joined (for the active tab's four statuses, fewer buffers than reading four
 *   ranges of rows).
 */
function tabPage(statuses: string[] | null, params: unknown[], limit: number, offset: number, after?: Keyset) {
  const n = limitSql(limit);
  const order = "order by b.created_at desc, b.id desc";
  if (!statuses) {
    const w = after
      ? whereAfter("", params, after, "b.created_at", "b.id")
      : whereFrom("", params, offset, "from bid_requests b", "b.created_at", "b.id");
    return `(select * from bid_requests b ${w} ${order} limit ${n}) b`;
  }
  // One value per status (not unnest of an array, whose length a plan for the values would see but
  // a cached plan would guess as 10: the statement would be planned again on every request).
  const values = statusValues(statuses, params);
  const w = whereAfter("where b.status = s.status", params, after, "b.created_at", "b.id");
  if (offset <= 0 && statuses.length === 1) {
    return `(select b.* from (values ${values}) s(status)
              cross join lateral (select * from bid_requests b ${w} ${order} limit ${n}) b
             ${order} limit ${n}) b`;
  }
  const take = offset > 0 ? `$${params.push(offset)}::int + ${n}` : n;
  return `(select b.id from (values ${values}) s(status)
            cross join lateral (select b.id, b.created_at from bid_requests b ${w} ${order} limit ${take}) b
           ${order} limit ${n}${offset > 0 ? ` offset $${params.length}` : ""}) p join bid_requests b on b.id = p.id`;
}

/** `($1::text), ($2::text), ...`: the statuses pushed onto `params`. */
function statusValues(statuses: string[], params: unknown[]) {
  return statuses.map((status) => `($${params.push(status)}::text)`).join(", ");
}

/**
 * One page of a tab, newest first, as JSON text built by PostgreSQL in one statement with its total
 * (src/db/json-page.ts). The total is the exact count the database keeps per status (sql/0023
 * kept_counts: a few rows, where counting a tab read every one of its bids' index entries, ~6,000 for
 * the active tab at 100,000 requests), capped at 10,000 in the answer as every list's. The page's ids
 * come from tabPage, and only they are built. Deep pages: `after`, the
 * (created_at, id) of the last row of the page before.
 */
export async function listBids(
  db: Queryable,
  f: { statuses: string[] | null; limit: number; offset: number; after?: Keyset },
): Promise<JsonPage> {
  // tabPage puts the statuses first: the count inside the statement reads them as $1..$k.
  const params: unknown[] = [];
  const { flagged: _, ...result } = await jsonPage(db, {
    rows: `select ${LIST_JSON} as j, b.created_at, b.id, ${cursorSql("b.created_at", "b.id")} as cursor
             from ${tabPage(f.statuses, params, f.limit, f.after ? 0 : f.offset, f.after)}
             left join categories c on c.id = b.category_id`,
    params,
    order: "created_at desc, id desc",
    reverse: "created_at, id",
    limit: f.limit,
    count: { from: "from bid_requests b", where: "", params: [] },
    exact: `select coalesce(sum(n), 0)::int from kept_counts
             where entity = 'bid_requests'${
      f.statuses ? ` and bucket in (${f.statuses.map((_, i) => `$${i + 1}`).join(", ")})` : ""
    }`,
    cachedPlan: true,
  });
  return result;
}

export async function bidStats(db: Queryable) {
  return (await db.query<{ active: number; drafts: number; completed: number; totalValue: string }>(
    `select coalesce(sum(n) filter (where bucket in ('published', 'bidding_open', 'bidding_closed', 'evaluation')), 0)::int
              as active,
            coalesce(sum(n) filter (where bucket in ('draft', 'pending_approval')), 0)::int as drafts,
            coalesce(sum(n) filter (where bucket in ('awarded', 'cancelled')), 0)::int as completed,
            coalesce(sum(amount) filter (where bucket <> 'cancelled'), 0)::numeric(14, 2)::text as "totalValue"
       from kept_counts where entity = 'bid_requests'`,
  ))[0];
}

export async function getBid(db: Queryable, id: number) {
  return (await db.query<Record<string, unknown> & { status: string; biddingMode: string }>(
    `select ${BID_COLUMNS}, ${ITEMS_JSON} from bid_requests b left join categories c on c.id = b.category_id where b.id = $1`,
    [id],
  ))[0];
}

export async function lockBid(tx: Queryable, id: number) {
  return (await tx.query<{
    id: number;
    status: string;
    biddingMode: string;
    biddingDeadline: Date;
    biddingStartAt: Date | null;
    unsealedAt: Date | null;
    categoryId: number | null;
    title: string;
    bidNumber: string;
    deadline: Date;
    purchaseRequestId: number | null;
    createdBy: number;
    version: number;
    budget: string;
    approvalsRequired: number;
    closedEarlyAt: Date | null;
    earlyCloseReason: string | null;
  }>(
    `select id, status, bidding_mode as "biddingMode", bidding_deadline as "biddingDeadline",
        bidding_start_at as "biddingStartAt", unsealed_at as "unsealedAt", category_id as "categoryId", title,
        bid_number as "bidNumber", deadline, purchase_request_id as "purchaseRequestId", created_by as "createdBy",
        version, estimated_budget::text as budget, approvals_required as "approvalsRequired",
        closed_early_at as "closedEarlyAt", early_close_reason as "earlyCloseReason"
       from bid_requests where id = $1 for update`,
    [id],
  ))[0];
}

/** The fields a draft's edit can change, in the column order both insertBid and updateBid write them. */
type BidFields = Omit<
  Parameters<typeof insertBid>[1],
  "bidNumber" | "purchaseRequestId" | "status" | "createdBy" | "approvalsRequired"
>;

const bidFieldValues = (b: BidFields) => [
  b.title,
  b.description,
  b.department,
  b.categoryId,
  b.deadline,
  b.biddingStartAt,
  b.biddingDeadline,
  b.biddingMode,
  cents(b.budgetCents),
  b.qualificationCriteria,
  b.evaluationMethod,
  b.priceWeight,
  b.technicalWeight,
  b.bondRequired,
  cents(b.bondCents),
  b.vendorPrequalification,
  b.minimumYearsExperience,
  b.technicalSpecifications,
  b.commercialTerms,
];

export async function insertBid(
  tx: Queryable,
  b: {
    bidNumber: string;
    purchaseRequestId: number | null;
    title: string;
    description: string;
    department: string;
    categoryId: number | null;
    deadline: Date;
    biddingStartAt: Date | null;
    biddingDeadline: Date;
    biddingMode: string;
    status: string;
    budgetCents: number;
    qualificationCriteria: string;
    evaluationMethod: string;
    priceWeight: number;
    technicalWeight: number;
    bondRequired: boolean;
    bondCents: number;
    vendorPrequalification: boolean;
    minimumYearsExperience: number;
    technicalSpecifications: string;
    commercialTerms: string;
    createdBy: number;
    approvalsRequired?: number;
  },
) {
  return (await tx.query<{ id: number }>(
    `insert into bid_requests (bid_number, purchase_request_id, title, description, department, category_id, deadline,
        bidding_start_at, bidding_deadline, bidding_mode, estimated_budget, qualification_criteria, evaluation_method,
        price_weight, technical_weight, bond_required, bond_amount, vendor_prequalification, minimum_years_experience,
        technical_specifications, commercial_terms, status, created_by, approvals_required)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric, $12, $13, $14, $15, $16, $17::numeric, $18, $19, $20,
        $21, $22, $23, $24)
     returning id`,
    [b.bidNumber, b.purchaseRequestId, ...bidFieldValues(b), b.status, b.createdBy, b.approvalsRequired ?? 0],
  ))[0].id;
}

const bidItemValues = (i: BidItemInput) => ({ ...i, texts: [i.technicalRequirements, i.evaluationCriteria] as const });

/** The items in one statement, in the bid's transaction (src/db/request-items.ts). */
export const insertBidItems = (tx: Queryable, bidId: number, items: BidItemInput[]) =>
  insertRequestItems(tx, "bid_request", bidId, items.map(bidItemValues));

export async function setBidStatus(tx: Queryable, id: number, status: string) {
  await tx.query("update bid_requests set status = $2, version = version + 1, updated_at = now() where id = $1", [
    id,
    status,
  ]);
}

/** Opens bidding whose start time has come and closes bidding whose deadline has passed. */
export async function advanceBidClock(tx: Queryable) {
  const opened = await tx.query<{ id: number }>(
    `update bid_requests set status = 'bidding_open', version = version + 1, updated_at = now()
      where status = 'published' and (bidding_start_at is null or bidding_start_at <= now()) and bidding_deadline > now()
      returning id`,
  );
  const closed = await tx.query<BidHead>(
    `update bid_requests set status = 'bidding_closed', version = version + 1, updated_at = now()
      where status in ('published', 'bidding_open') and bidding_deadline <= now() returning ${BID_HEAD}`,
  );
  return { opened: opened.map((r) => r.id), closed };
}

export interface BidHead {
  id: number;
  title: string;
  bidNumber: string;
  categoryId: number | null;
  createdBy: number;
  biddingDeadline: Date;
}
const BID_HEAD = `id, title, bid_number as "bidNumber", category_id as "categoryId", created_by as "createdBy",
  bidding_deadline as "biddingDeadline"`;

/** Open bids closing within `hours` whose vendors have not been told so yet (the bid clock tells them). */
export async function closingSoon(tx: Queryable, hours: number) {
  return await tx.query<BidHead>(
    `select ${BID_HEAD} from bid_requests b
      where status = 'bidding_open' and bidding_deadline > now() and bidding_deadline <= now() + make_interval(hours => $1)
        and not exists (select 1 from notifications n
                         where n.entity_kind = 'bid_request' and n.entity_id = b.id and n.type = 'bid_closing')
      order by id`,
    [hours],
  );
}

export type LockedBid = NonNullable<Awaited<ReturnType<typeof lockBid>>>;

/** The bid's history, oldest first, with the actor's name. */
export async function bidHistory(db: Queryable, id: number) {
  return await db.query(
    `select e.id, e.action, e.stage, e.from_status as "fromStatus", e.to_status as "toStatus", e.comment, e.details,
        e.created_at as "createdAt",
        case when u.id is null then null
             else json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name)) end as actor
       from bid_request_events e left join users u on u.id = e.actor_id
      where e.bid_request_id = $1 order by e.id`,
    [id],
  );
}

export async function addBidEvent(
  tx: Queryable,
  e: RequestEvent & { bidId: number; details?: Record<string, unknown> },
) {
  await tx.query(
    `insert into bid_request_events (bid_request_id, actor_id, action, stage, from_status, to_status, comment, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      e.bidId,
      e.actorId,
      e.action,
      e.stage ?? null,
      e.from ?? null,
      e.to ?? null,
      e.comment ?? "",
      JSON.stringify(e.details ?? {}),
    ],
  );
}

/** Approvals given since the bid was last submitted for approval. */
export async function currentBidApprovals(tx: Queryable, id: number) {
  return await tx.query<{ actorId: number; stage: ApprovalStage }>(
    `select actor_id as "actorId", stage from bid_request_events
      where bid_request_id = $1 and action = 'approved'
        and id > coalesce((select max(id) from bid_request_events where bid_request_id = $1 and action = 'submitted'), 0)`,
    [id],
  );
}

export async function setBidApproval(tx: Queryable, id: number, status: string, approvalsRequired: number) {
  await tx.query(
    `update bid_requests set status = $2, approvals_required = $3, version = version + 1, updated_at = now()
      where id = $1`,
    [id, status, approvalsRequired],
  );
}

export async function bumpBidVersion(tx: Queryable, id: number) {
  await tx.query("update bid_requests set version = version + 1, updated_at = now() where id = $1", [id]);
}

export async function updateBid(
  tx: Queryable,
  id: number,
  b: BidFields,
) {
  await tx.query(
    `update bid_requests set title = $2, description = $3, department = $4, category_id = $5, deadline = $6,
        bidding_start_at = $7, bidding_deadline = $8, bidding_mode = $9, estimated_budget = $10::numeric,
        qualification_criteria = $11, evaluation_method = $12, price_weight = $13, technical_weight = $14,
        bond_required = $15, bond_amount = $16::numeric, vendor_prequalification = $17, minimum_years_experience = $18,
        technical_specifications = $19, commercial_terms = $20, version = version + 1, updated_at = now()
      where id = $1`,
    [id, ...bidFieldValues(b)],
  );
}

export async function replaceBidItems(tx: Queryable, id: number, items: BidItemInput[]) {
  await tx.query("delete from bid_request_items where bid_request_id = $1", [id]);
  await insertBidItems(tx, id, items);
}

export async function bidItemSnapshot(tx: Queryable, id: number) {
  return await tx.query<{ name: string; specification: string; quantity: number; unit: string; price: string }>(
    `select name, specification, quantity, unit, estimated_price::text as price
       from bid_request_items where bid_request_id = $1 order by position, id`,
    [id],
  );
}

/** Any quotation (any revision) submitted for the bid. */
export async function hasQuotations(tx: Queryable, id: number) {
  return (await tx.query("select 1 from quotations where bid_request_id = $1 limit 1", [id])).length > 0;
}

export async function setBidDeadlines(tx: Queryable, id: number, biddingDeadline: Date, deadline: Date) {
  await tx.query(
    `update bid_requests set bidding_deadline = $2, deadline = $3, version = version + 1, updated_at = now()
      where id = $1`,
    [id, biddingDeadline, deadline],
  );
}

export async function closeBidEarly(tx: Queryable, id: number, actorId: number, reason: string) {
  await tx.query(
    `update bid_requests set status = 'bidding_closed', closed_early_at = now(), closed_early_by = $2,
        early_close_reason = $3, version = version + 1, updated_at = now()
      where id = $1`,
    [id, actorId, reason],
  );
}

/**
 * Vendors that can see the bid (as their opportunities show it: approved, active, in the bid's
 * category when vendor matching is on) or have already quoted for it, and want email. Each of them
 * can still submit or resubmit while bidding is open.
 */
/** `sealedBidders`: the vendors of the bid's still-sealed quotations (they have no vendor_id yet). */
export async function bidAudience(tx: Queryable, bidId: number, byCategory: boolean, sealedBidders: number[]) {
  return await tx.query<{ vendorId: number; email: string; contactPerson: string; companyName: string }>(
    `select vp.user_id as "vendorId", u.email, vp.contact_person as "contactPerson", vp.company_name as "companyName"
       from bid_requests b cross join vendor_profiles vp join users u on u.id = vp.user_id
      where b.id = $1 and vp.status = 'approved' and u.is_active
        and coalesce((u.preferences ->> 'emailNotifications')::boolean, true)
        and (not $2 or b.category_id is null
             or exists (select 1 from vendor_categories vc where vc.vendor_id = vp.user_id and vc.category_id = b.category_id)
             or exists (select 1 from quotations q where q.bid_request_id = b.id and q.vendor_id = vp.user_id)
             or vp.user_id = any ($3::int[]))
      order by vp.user_id`,
    [bidId, byCategory, sealedBidders],
  );
}

export async function setBidBudget(tx: Queryable, id: number, budgetCents: number) {
  await tx.query("update bid_requests set estimated_budget = $2::numeric where id = $1", [id, cents(budgetCents)]);
}

/** Whether the purchase request already went out to a bid that is not cancelled. */
export async function hasLiveBid(tx: Queryable, purchaseRequestId: number) {
  return (await tx.query(
    "select 1 from bid_requests where purchase_request_id = $1 and status <> 'cancelled'",
    [purchaseRequestId],
  )).length > 0;
}

export async function markUnsealed(tx: Queryable, id: number, userId: number) {
  await tx.query("update bid_requests set unsealed_at = now(), unsealed_by = $2, updated_at = now() where id = $1", [
    id,
    userId,
  ]);
}

/** `%`, `_` and `\` typed by the user are searched for, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The purchase requests a bid request can be made from (the create dialog's picker): approved
 * (active) bid_required ones without a bid request that is not cancelled, the same rule as
 * createBid's (a cancelled bid's request is offered again), newest first, a page at a time with a
 * keyset cursor on (created_at, id). `q` narrows to a part of the number or title: the expression of
 * the partial trigram index of sql/0027. Without it, the index of candidates only (sql/0028: the
 * converted requests are not in it, flagged by `has_live_bid`) is read in list order, index-only.
 */
export async function bidCandidates(
  db: Queryable,
  f: { q?: string; limit: number; after?: Keyset },
): Promise<{ items: { id: number; requestId: string; title: string; status: "active" }[]; next?: string }> {
  // The type and status as literals: a partial index's predicate matches constants only, and a
  // generic plan would not know a parameter's value.
  const w = buildWhere([["(pr.request_number || ' ' || pr.title) ilike ?", f.q ? `%${escapeLike(f.q)}%` : undefined]]);
  const params = [...w.params];
  const filter = `where pr.request_type = 'bid_required' and pr.status = 'active'${
    w.sql ? ` and ${w.sql.slice("where ".length)}` : ""
  }`;
  const page = whereAfter(filter, params, f.after, "pr.created_at", "pr.id");
  const rows = await db.query<{ id: number; requestId: string; title: string; status: "active"; cursor: string }>(
    // The status is the filter's ('active'): the index of sql/0028 holds what a row shows, no heap visit.
    `select pr.id, pr.request_number as "requestId", pr.title, 'active'::text as status, ${
      cursorSql("pr.created_at", "pr.id")
    } as cursor
       from purchase_requests pr ${page} and not pr.has_live_bid
      order by pr.created_at desc, pr.id desc limit $${params.length + 1}`,
    [...params, f.limit],
  );
  return keysetRows(rows, f.limit);
}
