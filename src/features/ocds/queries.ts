/**
 * SQL of the OCDS export. A contracting process is a bid request (tender from the bid, planning from
 * the purchase request it was converted from) or a purchase request that has no live bid request.
 * Drafts are not published. Nothing about the quotations of a sealed bid request is read before it is
 * unsealed: not who answered, not how many, not when (their timestamps stay out of the release date).
 */
import type { Queryable } from "../../db/types.ts";

export type ProcessKind = "BR" | "PR";

/** A sealed bid whose quotations are still unreadable. */
const BID_LOCKED = "(br.bidding_mode = 'sealed' and br.unsealed_at is null)";

/**
 * The last change of a process: the release date, and what `since` and the page order use. The
 * order's updated_at moves with every change of the order (a receipt, closing, cancelling), each of
 * which may change the contract's status.
 */
const BID_DATE = `greatest(br.updated_at, br.unsealed_at, pr.updated_at, a.created_at, po.updated_at,
  case when not ${BID_LOCKED} then (select max(q.updated_at) from quotations q where q.bid_request_id = br.id) end)`;
const PR_DATE = `greatest(pr.updated_at, a.created_at, po.updated_at,
  (select max(q.updated_at) from quotations q where q.purchase_request_id = pr.id))`;

/** The rows BID_DATE and PR_DATE read, joined to `br` and `pr`. */
const BID_DATE_JOINS = `left join purchase_requests pr on pr.id = br.purchase_request_id
       left join awards a on a.bid_request_id = br.id
       left join purchase_orders po on po.id = a.purchase_order_id`;
const PR_DATE_JOINS = `left join awards a on a.purchase_request_id = pr.id and a.bid_request_id is null
       left join purchase_orders po on po.id = a.purchase_order_id`;

/** Bid statuses not published (drafts, waiting for approval), and cancelled. */
const UNPUBLISHED = "('draft', 'pending_approval')";
const UNPUBLISHED_OR_CANCELLED = "('draft', 'pending_approval', 'cancelled')";

/** A purchase request is its own process until a bid request made from it is under way. */
const PR_STANDALONE = `pr.status <> 'draft' and not exists (
  select 1 from bid_requests cb where cb.purchase_request_id = pr.id and cb.status not in ${UNPUBLISHED_OR_CANCELLED})`;

const PROCESSES = `
  select 'BR'::text as kind, br.id, ${BID_DATE} as date
    from bid_requests br
    ${BID_DATE_JOINS}
   where br.status not in ${UNPUBLISHED}
  union all
  select 'PR'::text, pr.id, ${PR_DATE}
    from purchase_requests pr
    ${PR_DATE_JOINS}
   where ${PR_STANDALONE}`;

export interface ProcessKey {
  kind: ProcessKind;
  id: number;
  date: Date;
  /**
   * The date to the microsecond, as text: the page cursor. A JS Date keeps milliseconds only, and so
   * does postgres.js when it serialises a timestamptz parameter: the cursor goes in as text.
   */
  dateKey: string;
}

/** One page of processes changed at or after `since`, oldest change first, after the cursor. */
export async function processPage(
  db: Queryable,
  opts: { since?: string; after?: { dateKey: string; kind: ProcessKind; id: number }; limit: number },
): Promise<ProcessKey[]> {
  return await db.query<ProcessKey>(
    `with p as (${PROCESSES})
     select kind, id, date, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "dateKey"
       from p
      where ($1::text is null or date >= $1::text::timestamptz)
        and ($2::text is null or (date, kind, id) > ($2::text::timestamptz, $3::text, $4::int))
      order by date, kind, id
      limit $5`,
    [
      opts.since ?? null,
      opts.after?.dateKey ?? null,
      opts.after?.kind ?? null,
      opts.after?.id ?? null,
      opts.limit,
    ],
  );
}

/** The rows for a list of ids (`$1`); an empty list answers none without a query. */
async function forIds<T>(db: Queryable, ids: number[], sql: string): Promise<T[]> {
  return ids.length ? await db.query<T>(sql, [ids]) : [];
}

export interface BidRow {
  id: number;
  number: string;
  title: string;
  description: string;
  status: string;
  biddingMode: "open" | "sealed";
  locked: boolean;
  biddingStartAt: Date | null;
  biddingDeadline: Date;
  closedEarlyAt: Date | null;
  createdAt: Date;
  estimatedBudget: string;
  evaluationMethod: string;
  vendorPrequalification: boolean;
  qualificationCriteria: string;
  categoryId: number | null;
  categoryName: string | null;
  purchaseRequestId: number | null;
  date: Date;
}

export async function bids(db: Queryable, ids: number[]): Promise<BidRow[]> {
  return await forIds<BidRow>(
    db,
    ids,
    `select br.id, br.bid_number as number, br.title, br.description, br.status, br.bidding_mode as "biddingMode",
        ${BID_LOCKED} as locked, br.bidding_start_at as "biddingStartAt", br.bidding_deadline as "biddingDeadline",
        br.closed_early_at as "closedEarlyAt", br.created_at as "createdAt", br.estimated_budget as "estimatedBudget",
        br.evaluation_method as "evaluationMethod", br.vendor_prequalification as "vendorPrequalification",
        br.qualification_criteria as "qualificationCriteria", br.category_id as "categoryId",
        c.name as "categoryName", br.purchase_request_id as "purchaseRequestId", ${BID_DATE} as date
       from bid_requests br
       left join categories c on c.id = br.category_id
       ${BID_DATE_JOINS}
      where br.id = any($1::int[])`,
  );
}

export interface PurchaseRequestRow {
  id: number;
  number: string;
  title: string;
  description: string;
  justification: string;
  status: string;
  requestType: string;
  deadline: Date;
  createdAt: Date;
  estimatedBudget: string;
  categoryId: number | null;
  categoryName: string | null;
  /** Standalone process (no live bid request made from it) and not a draft. */
  standalone: boolean;
  date: Date;
}

export async function purchaseRequests(db: Queryable, ids: number[]): Promise<PurchaseRequestRow[]> {
  return await forIds<PurchaseRequestRow>(
    db,
    ids,
    `select pr.id, pr.request_number as number, pr.title, pr.description, pr.justification, pr.status,
        pr.request_type as "requestType", pr.deadline, pr.created_at as "createdAt",
        pr.estimated_budget as "estimatedBudget", pr.category_id as "categoryId", c.name as "categoryName",
        (${PR_STANDALONE}) as standalone, ${PR_DATE} as date
       from purchase_requests pr
       left join categories c on c.id = pr.category_id
       ${PR_DATE_JOINS}
      where pr.id = any($1::int[])`,
  );
}

export interface ItemRow {
  ownerId: number;
  id: number;
  name: string;
  quantity: number;
  unit: string;
  estimatedPrice: string;
  categoryId: number | null;
  categoryName: string | null;
}

export async function items(db: Queryable, kind: ProcessKind, ids: number[]): Promise<ItemRow[]> {
  const [table, fk] = kind === "BR"
    ? ["bid_request_items", "bid_request_id"]
    : ["purchase_request_items", "purchase_request_id"];
  return await forIds<ItemRow>(
    db,
    ids,
    `select i.${fk} as "ownerId", i.id, i.name, i.quantity, i.unit, i.estimated_price as "estimatedPrice",
        i.category_id as "categoryId", c.name as "categoryName"
       from ${table} i left join categories c on c.id = i.category_id
      where i.${fk} = any($1::int[])
      order by i.${fk}, i.position, i.id`,
  );
}

export interface TendererRow {
  ownerId: number;
  vendorId: number;
  name: string;
}

/**
 * Vendors with a current quotation, per request. For bid requests, sealed ones that are not unsealed
 * are left out in SQL, so nothing about them leaves the database.
 */
export async function tenderers(db: Queryable, kind: ProcessKind, ids: number[]): Promise<TendererRow[]> {
  const sql = kind === "BR"
    ? `select q.bid_request_id as "ownerId", q.vendor_id as "vendorId", vp.company_name as name
         from quotations q join bid_requests br on br.id = q.bid_request_id
         join vendor_profiles vp on vp.user_id = q.vendor_id
        where q.bid_request_id = any($1::int[]) and q.is_current and not ${BID_LOCKED}
        order by q.bid_request_id, q.vendor_id`
    : `select q.purchase_request_id as "ownerId", q.vendor_id as "vendorId", vp.company_name as name
         from quotations q join vendor_profiles vp on vp.user_id = q.vendor_id
        where q.purchase_request_id = any($1::int[]) and q.is_current
        order by q.purchase_request_id, q.vendor_id`;
  return await forIds<TendererRow>(db, ids, sql);
}

export interface AwardRow {
  ownerId: number;
  id: number;
  createdAt: Date;
  quotationId: number;
  quotationTotal: string | null;
  quotationCurrency: string;
  vendorId: number;
  vendorName: string;
  poNumber: string;
  poTotal: string;
  poCurrency: string;
  poStatus: string;
}

export async function awards(db: Queryable, kind: ProcessKind, ids: number[]): Promise<AwardRow[]> {
  const owner = kind === "BR" ? "a.bid_request_id" : "a.purchase_request_id";
  const only = kind === "BR" ? "" : "and a.bid_request_id is null";
  return await forIds<AwardRow>(
    db,
    ids,
    `select ${owner} as "ownerId", a.id, a.created_at as "createdAt", a.quotation_id as "quotationId",
        q.total_amount as "quotationTotal", q.currency as "quotationCurrency", po.vendor_id as "vendorId",
        vp.company_name as "vendorName", po.po_number as "poNumber", po.total_amount as "poTotal",
        po.currency as "poCurrency", po.status as "poStatus"
       from awards a
       join purchase_orders po on po.id = a.purchase_order_id
       join quotations q on q.id = a.quotation_id
       join vendor_profiles vp on vp.user_id = po.vendor_id
      where ${owner} = any($1::int[]) ${only}
      order by a.id`,
  );
}

export interface AwardedItemRow {
  quotationId: number;
  id: number;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
}

/** Lines of awarded quotations (an award is only ever made on a readable quotation). */
export async function awardedItems(db: Queryable, quotationIds: number[]): Promise<AwardedItemRow[]> {
  if (!quotationIds.length) return [];
  return await db.query<AwardedItemRow>(
    `select qi.quotation_id as "quotationId", qi.id, qi.name, qi.quantity, qi.unit, qi.unit_price as "unitPrice"
       from quotation_items qi join quotations q on q.id = qi.quotation_id
      where qi.quotation_id = any($1::int[]) and not q.sealed
      order by qi.quotation_id, qi.id`,
    [quotationIds],
  );
}

/** Settings rows by key (organisation name and currency, whichever exist). */
export async function settingValues(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ key: string; value: string }>(
    "select key, value from settings where key = any($1::text[]) and is_active and btrim(value) <> ''",
    [keys],
  );
  return new Map(rows.map((r) => [r.key, r.value.trim()]));
}

export interface OrderProcessRow {
  poNumber: string;
  kind: ProcessKind;
  id: number;
}

/** The contracting process a purchase order was awarded in: its bid request, else its purchase request. */
export async function orderProcess(db: Queryable, purchaseOrderId: number): Promise<OrderProcessRow | undefined> {
  const [row] = await db.query<OrderProcessRow>(
    `select po.po_number as "poNumber",
        case when po.bid_request_id is not null then 'BR' else 'PR' end as kind,
        coalesce(po.bid_request_id, po.purchase_request_id) as id
       from purchase_orders po
      where po.id = $1 and coalesce(po.bid_request_id, po.purchase_request_id) is not null`,
    [purchaseOrderId],
  );
  return row;
}
