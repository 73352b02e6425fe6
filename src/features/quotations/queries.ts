/**
 * SQL of quotation review, comparison, award and purchase orders. Every statement that can reach a
 * staff member skips sealed quotations (`not q.sealed`, and the bid's own seal as a second guard).
 */
import type { Queryable } from "../../db/types.ts";
import { cursorSql, type Keyset, limitSql, whereAfter, whereFrom } from "../../db/keyset.ts";
import { type JsonPage, jsonPage } from "../../db/json-page.ts";
import { where as buildWhere } from "../../db/where.ts";

export type RequestKind = "purchase_request" | "bid_request";

/** A bid's seal holds until it is unsealed; a sealed quotation row is unreadable either way. */
const BID_LOCKED = "(br.bidding_mode = 'sealed' and br.unsealed_at is null)";

const QUOTATION_COLUMNS = `q.id, q.purchase_request_id as "purchaseRequestId", q.bid_request_id as "bidRequestId",
  coalesce(pr.request_number, br.bid_number) as "requestNumber", coalesce(pr.title, br.title) as "purchaseRequestTitle",
  q.vendor_id as "vendorId", vp.company_name as "vendorName", q.submitted_at as "submittedAt", q.status,
  q.total_amount as "totalAmount", q.currency, q.validity_days as "validityDays", q.valid_until as "validUntil",
  q.valid_until < now() as expired, q.extension_requested_at as "extensionRequestedAt",
  q.lead_time_days as "leadTimeDays", q.notes,
  q.technical_score::float8 as "technicalScore", q.review_comment as "reviewComment", q.revision, q.source,
  q.is_current as "isCurrent",
  coalesce((select json_agg(json_build_object('id', f.id, 'filename', f.filename) order by f.id)
     from quotation_attachments qa join files f on f.id = qa.file_id where qa.quotation_id = q.id), '[]'::json) as attachments,
  coalesce((select json_agg(json_build_object('id', i.id, 'requestItemId',
       coalesce(i.purchase_request_item_id, i.bid_request_item_id), 'name', i.name, 'itemName', i.name,
       'quantity', i.quantity, 'unit', i.unit, 'unitPrice', i.unit_price::text, 'totalPrice', i.total_price::text,
       'notes', i.notes) order by i.id)
     from quotation_items i where i.quotation_id = q.id), '[]'::json) as items`;

// A left join: a sealed quotation has no vendor until unsealing (decision 024), and is still found
// so the route can refuse it as sealed (403), not as missing.
const QUOTATION_FROM = `from quotations q left join vendor_profiles vp on vp.user_id = q.vendor_id
  left join purchase_requests pr on pr.id = q.purchase_request_id
  left join bid_requests br on br.id = q.bid_request_id`;

export interface QuotationRow {
  id: number;
  purchaseRequestId: number | null;
  bidRequestId: number | null;
  requestNumber: string;
  purchaseRequestTitle: string;
  vendorId: number;
  vendorName: string;
  submittedAt: Date;
  status: string;
  totalAmount: string | null;
  currency: string;
  validityDays: number;
  validUntil: Date;
  expired: boolean;
  leadTimeDays: number | null;
  notes: string | null;
  technicalScore: number | null;
  reviewComment: string;
  revision: number;
  source: string;
  isCurrent: boolean;
  attachments: { id: number; filename: string }[];
  items: {
    id: number;
    requestItemId: number;
    name: string;
    itemName: string;
    quantity: number;
    unit: string;
    unitPrice: string;
    totalPrice: string;
    notes: string;
  }[];
}

/**
 * What staff lists show: current, unsealed quotations of requests that are not sealed. The bid's seal
 * is tested per bid quotation read, in sql/0021's partial index of the locked bids (an index-only
 * probe), so a page, an offset or a count reads quotations from their list index alone; as
 * `not coalesce(...)` over a left join of every quotation's bid, counting 21,000 quotations read all
 * 10,000 bids (684 buffers) and offset 10,000 took 2,220 buffers. `offset 0` keeps the probe per row:
 * without it PostgreSQL hashes every locked bid once per statement, which grows with the table (at
 * 1,000,000 requests 16,513 locked bids, 78 buffers and about 5 of page 1's 8 ms; probing the 7 bid
 * quotations among page 1's 50 rows takes 14 buffers and page 1 2 ms). `bid_request_id is null or`
 * keeps the row estimate sound: as a bare anti-join, a table of purchase request quotations only
 * (every bid_request_id null) is estimated at 1 row, and its count would never be skipped.
 */
export const LISTED =
  `q.is_current and not q.sealed and (q.bid_request_id is null or not exists (select 1 from bid_requests br
    where br.id = q.bid_request_id and br.bidding_mode = 'sealed' and br.unsealed_at is null offset 0))`;

// Timestamps inside json come out as PostgreSQL writes them; this is the JSON of a JS Date (milliseconds,
// Z), as the driver's rows gave them before the page was built in SQL.
const isoMs = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A row of the staff list as json: the fields the driver gave before (money as text), the item count
 * and the first three items kept on the row by sql/0025 (the card shows those; the details endpoint
 * every item), and the attachments (few, one index lookup).
 */
const LIST_ROW_JSON = `json_build_object('id', q.id, 'purchaseRequestId', q.purchase_request_id,
  'bidRequestId', q.bid_request_id, 'requestNumber', coalesce(pr.request_number, br.bid_number),
  'purchaseRequestTitle', coalesce(pr.title, br.title), 'vendorId', q.vendor_id, 'vendorName', vp.company_name,
  'submittedAt', ${isoMs("q.submitted_at")}, 'status', q.status, 'totalAmount', q.total_amount::text,
  'currency', q.currency, 'validityDays', q.validity_days, 'validUntil', ${isoMs("q.valid_until")},
  'expired', q.valid_until < now(), 'extensionRequestedAt', ${isoMs("q.extension_requested_at")},
  'leadTimeDays', q.lead_time_days, 'notes', q.notes,
  'technicalScore', q.technical_score::float8, 'reviewComment', q.review_comment, 'revision', q.revision,
  'source', q.source, 'isCurrent', q.is_current,
  'attachments', coalesce((select json_agg(json_build_object('id', f.id, 'filename', f.filename) order by f.id)
     from quotation_attachments qa join files f on f.id = qa.file_id where qa.quotation_id = q.id), '[]'::json),
  'itemCount', q.item_count, 'items', q.item_summary)`;

/**
 * One page, newest first, as JSON text with its total, in one statement (src/db/json-page.ts). Only
 * the given filters go into the SQL (a generic `$1 is null or ...` plan is one plan for every
 * combination); the page's ids are chosen from the list index first and only they are joined. Deep
 * pages: `after`, the (submitted_at, id) of the last row of the page before; an offset starts from
 * its position's (submitted_at, id) (src/db/keyset.ts `whereFrom`). The page size is part of the
 * text, so each statement keeps one cached plan (`cachedPlan`) instead of being planned per request.
 * The total of the whole list or of a status is the exact count the database keeps (sql/0023
 * kept_counts, bucket per status of the quotations LISTED shows: current, not sealed, bid not
 * locked), where counting read up to 10,001 index entries (`status=submitted`: 227 buffers, about
 * 4 ms of a request at 100,000 requests); a request's or a bid's few quotations are counted.
 */
export function listQuotations(
  db: Queryable,
  f: {
    status?: string;
    purchaseRequestId?: number;
    bidRequestId?: number;
    limit: number;
    offset: number;
    after?: Keyset;
  },
): Promise<JsonPage> {
  const w = buildWhere([
    ["q.status = ?", f.status],
    ["q.purchase_request_id = ?", f.purchaseRequestId],
    ["q.bid_request_id = ?", f.bidRequestId],
  ]);
  const filter = `${w.sql ? `${w.sql} and` : "where"} ${LISTED}`;
  const params = [...w.params];
  const page = f.after
    ? whereAfter(filter, params, f.after, "q.submitted_at", "q.id")
    : whereFrom(filter, params, f.offset, "from quotations q", "q.submitted_at", "q.id");
  const kept = f.purchaseRequestId === undefined && f.bidRequestId === undefined;
  return jsonPage(db, {
    rows: `select ${LIST_ROW_JSON} as j, q.submitted_at, q.id, ${cursorSql("q.submitted_at", "q.id")} as cursor
         from (select q.id from quotations q ${page} order by q.submitted_at desc, q.id desc limit ${
      limitSql(f.limit)
    }) p
         join quotations q on q.id = p.id join vendor_profiles vp on vp.user_id = q.vendor_id
         left join purchase_requests pr on pr.id = q.purchase_request_id
         left join bid_requests br on br.id = q.bid_request_id`,
    params,
    order: "submitted_at desc, id desc",
    reverse: "submitted_at, id",
    limit: f.limit,
    // Over the filter, not the cursor: the same total on every page.
    count: { from: "from quotations q", where: filter, params: w.params },
    // The status is $1 when given (the first filter).
    exact: kept
      ? `select coalesce(sum(n), 0)::int from kept_counts
          where entity = 'quotations' and ${f.status === undefined ? "bucket <> 'sealed'" : "bucket = $1"}`
      : undefined,
    cachedPlan: true,
  });
}

/**
 * Exact counts kept by the database (sql/0023_kept_counts.sql): current, readable quotations (not
 * sealed, bid not locked) by status; open sealed bids and their current quotations as totals only.
 */
export async function quotationStats(db: Queryable) {
  return (await db.query<{
    total: number;
    submitted: number;
    underReview: number;
    approved: number;
    rejected: number;
    sealedBids: number;
    sealedSubmissions: number;
  }>(
    `select coalesce(sum(n) filter (where entity = 'quotations' and bucket <> 'sealed'), 0)::int as total,
            coalesce(sum(n) filter (where entity = 'quotations' and bucket = 'submitted'), 0)::int as submitted,
            coalesce(sum(n) filter (where entity = 'quotations' and bucket = 'under_review'), 0)::int as "underReview",
            coalesce(sum(n) filter (where entity = 'quotations' and bucket = 'approved'), 0)::int as approved,
            coalesce(sum(n) filter (where entity = 'quotations' and bucket = 'rejected'), 0)::int as rejected,
            coalesce(sum(n) filter (where entity = 'sealed_bids'), 0)::int as "sealedBids",
            coalesce(sum(n) filter (where entity = 'quotations' and bucket = 'sealed'), 0)::int as "sealedSubmissions"
       from kept_counts where entity in ('quotations', 'sealed_bids')`,
  ))[0];
}

/** The quotation with its seal state; the caller refuses sealed ones before returning anything. */
export async function getQuotation(db: Queryable, id: number) {
  return (await db.query<QuotationRow & { sealed: boolean; bidLocked: boolean }>(
    `select ${QUOTATION_COLUMNS}, q.sealed, coalesce(${BID_LOCKED}, false) as "bidLocked"
       ${QUOTATION_FROM} where q.id = $1`,
    [id],
  ))[0];
}

/** The other revisions of the same vendor's quotation for the same request (sealed ones without amounts). */
export async function quotationRevisions(
  db: Queryable,
  q: { id: number; vendorId: number; purchaseRequestId: number | null; bidRequestId: number | null },
) {
  return await db.query(
    `select id, revision, status, case when sealed then null else total_amount end as "totalAmount",
        submitted_at as "submittedAt", is_current as "isCurrent"
       from quotations
      where vendor_id = $1 and id <> $2
        and (purchase_request_id = $3 or bid_request_id = $4)
      order by revision desc, id desc`,
    [q.vendorId, q.id, q.purchaseRequestId, q.bidRequestId],
  );
}

/** Which request a quotation answers, and whose it is (no amounts). */
export async function quotationHead(db: Queryable, id: number) {
  return (await db.query<
    {
      id: number;
      /** null while sealed: `vendorTag` stands in for it (src/sealing/bidder.ts). */
      vendorId: number | null;
      vendorTag: Uint8Array | null;
      purchaseRequestId: number | null;
      bidRequestId: number | null;
      status: string;
      isCurrent: boolean;
      sealed: boolean;
    }
  >(
    `select id, vendor_id as "vendorId", vendor_tag as "vendorTag", purchase_request_id as "purchaseRequestId",
        bid_request_id as "bidRequestId", status, is_current as "isCurrent", sealed
       from quotations where id = $1`,
    [id],
  ))[0];
}

export async function lockQuotation(tx: Queryable, id: number) {
  return (await tx.query<
    { id: number; status: string; isCurrent: boolean; sealed: boolean; technicalScore: number | null }
  >(
    `select id, status, is_current as "isCurrent", sealed, technical_score::float8 as "technicalScore"
       from quotations where id = $1 for update`,
    [id],
  ))[0];
}

export interface LockedRequest {
  kind: RequestKind;
  id: number;
  number: string;
  title: string;
  status: string;
  /** A sealed bid that has not been unsealed yet. */
  sealedLocked: boolean;
  evaluationMethod: string;
  priceWeight: number;
  technicalWeight: number;
  /** For a bid: the purchase request it was converted from. */
  purchaseRequestId: number | null;
  /** For a purchase request: the number of the live (not cancelled) bid request it was converted into. */
  convertedTo: string | null;
}

const BID_HEAD = `br.id, br.bid_number as number, br.title, br.status, ${BID_LOCKED} as "sealedLocked",
  br.evaluation_method as "evaluationMethod", br.price_weight as "priceWeight",
  br.technical_weight as "technicalWeight", br.purchase_request_id as "purchaseRequestId", null::text as "convertedTo"`;
const PR_HEAD = `pr.id, pr.request_number as number, pr.title, pr.status, false as "sealedLocked",
  'lowest_price' as "evaluationMethod", 60 as "priceWeight", 40 as "technicalWeight", null::int as "purchaseRequestId",
  (select cb.bid_number from bid_requests cb where cb.purchase_request_id = pr.id and cb.status <> 'cancelled'
    order by cb.id desc limit 1) as "convertedTo"`;

/** The request's head; `lock` takes the row lock that serialises review and award of one request. */
export async function getRequest(db: Queryable, kind: RequestKind, id: number, lock = false) {
  const sql = kind === "bid_request"
    ? `select ${BID_HEAD} from bid_requests br where br.id = $1`
    : `select ${PR_HEAD} from purchase_requests pr where pr.id = $1`;
  const row = (await db.query<Omit<LockedRequest, "kind">>(`${sql}${lock ? " for update" : ""}`, [id]))[0];
  return row ? { kind, ...row } as LockedRequest : undefined;
}

export async function requestItems(db: Queryable, kind: RequestKind, id: number) {
  const table = kind === "bid_request" ? "bid_request_items" : "purchase_request_items";
  const fk = kind === "bid_request" ? "bid_request_id" : "purchase_request_id";
  return await db.query<{ id: number; name: string; quantity: number; unit: string }>(
    `select id, name, quantity, unit from ${table} where ${fk} = $1 order by position, id`,
    [id],
  );
}

export interface CurrentQuotation {
  id: number;
  vendorId: number;
  vendorName: string;
  vendorEmail: string;
  contactPerson: string;
  status: string;
  sealed: boolean;
  totalAmount: string | null;
  currency: string;
  validUntil: Date;
  expired: boolean;
  extensionRequestedAt: Date | null;
  leadTimeDays: number | null;
  technicalScore: number | null;
}

/** The current quotation of every vendor for a request; `lock` locks those rows (after the request row). */
export async function currentQuotations(db: Queryable, kind: RequestKind, requestId: number, lock = false) {
  const fk = kind === "bid_request" ? "bid_request_id" : "purchase_request_id";
  return await db.query<CurrentQuotation>(
    `select q.id, q.vendor_id as "vendorId", vp.company_name as "vendorName", u.email as "vendorEmail",
        vp.contact_person as "contactPerson", q.status, q.sealed, q.total_amount as "totalAmount", q.currency,
        q.valid_until as "validUntil", q.valid_until < now() as expired,
        q.extension_requested_at as "extensionRequestedAt", q.lead_time_days as "leadTimeDays",
        q.technical_score::float8 as "technicalScore"
       from quotations q join vendor_profiles vp on vp.user_id = q.vendor_id join users u on u.id = q.vendor_id
      where q.${fk} = $1 and q.is_current
      order by q.id${lock ? " for update of q" : ""}`,
    [requestId],
  );
}

export async function quotationItemPrices(db: Queryable, quotationIds: number[]) {
  return await db.query<{ quotationId: number; itemId: number; unitPrice: string; lineTotal: string }>(
    `select quotation_id as "quotationId", coalesce(purchase_request_item_id, bid_request_item_id) as "itemId",
        unit_price::text as "unitPrice", total_price::text as "lineTotal"
       from quotation_items where quotation_id = any($1::int[])`,
    [quotationIds],
  );
}

export async function setQuotationStatus(tx: Queryable, id: number, status: string, comment?: string) {
  await tx.query(
    `update quotations set status = $2, review_comment = coalesce(nullif($3, ''), review_comment), updated_at = now()
      where id = $1`,
    [id, status, comment ?? ""],
  );
}

export async function rejectQuotations(tx: Queryable, ids: number[]) {
  if (!ids.length) return;
  await tx.query(
    "update quotations set status = 'rejected', updated_at = now() where id = any($1::int[]) and status <> 'rejected'",
    [ids],
  );
}

export async function setEvaluation(tx: Queryable, id: number, score: number, comment: string) {
  await tx.query(
    `update quotations set technical_score = $2::numeric, review_comment = coalesce(nullif($3, ''), review_comment),
        updated_at = now() where id = $1`,
    [id, score.toFixed(2), comment],
  );
}

export async function insertPurchaseOrder(
  tx: Queryable,
  po: {
    poNumber: string;
    quotationId: number;
    vendorId: number;
    purchaseRequestId: number | null;
    bidRequestId: number | null;
    totalAmount: string;
    currency: string;
    createdBy: number;
  },
) {
  return (await tx.query<{ id: number; poNumber: string; totalAmount: string }>(
    `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, bid_request_id, total_amount,
        currency, created_by)
     values ($1, $2, $3, $4, $5, $6::numeric, $7, $8)
     returning id, po_number as "poNumber", total_amount as "totalAmount"`,
    [
      po.poNumber,
      po.quotationId,
      po.vendorId,
      po.purchaseRequestId,
      po.bidRequestId,
      po.totalAmount,
      po.currency,
      po.createdBy,
    ],
  ))[0];
}

/** The award of a need (a purchase request and the bids made from it), with its purchase order number. */
export async function existingAward(
  tx: Queryable,
  need: { purchaseRequestId: number | null; bidRequestId: number | null },
) {
  return (await tx.query<{ poNumber: string }>(
    `select po.po_number as "poNumber" from awards a join purchase_orders po on po.id = a.purchase_order_id
      where a.purchase_request_id = $1 or a.bid_request_id = $2
      order by a.id limit 1`,
    [need.purchaseRequestId, need.bidRequestId],
  ))[0];
}

/** One award per need: the unique keys of the awards table refuse a second one (23505). */
export async function insertAward(
  tx: Queryable,
  a: {
    purchaseRequestId: number | null;
    bidRequestId: number | null;
    purchaseOrderId: number;
    quotationId: number;
    justification: string;
    awardedBy: number;
  },
) {
  await tx.query(
    `insert into awards (purchase_request_id, bid_request_id, purchase_order_id, quotation_id, justification, awarded_by)
     values ($1, $2, $3, $4, $5, $6)`,
    [a.purchaseRequestId, a.bidRequestId, a.purchaseOrderId, a.quotationId, a.justification, a.awardedBy],
  );
}

// ---------------------------------------------------------------------------------------------
// Validity extensions (extension.ts)

/** The quotation's validity and its vendor, locked. */
export async function lockExtension(tx: Queryable, id: number) {
  return (await tx.query<{
    status: string;
    isCurrent: boolean;
    validUntil: Date;
    daysLeft: number;
    vendorEmail: string;
    contactPerson: string;
  }>(
    `select q.status, q.is_current as "isCurrent", q.valid_until as "validUntil",
            extract(epoch from q.valid_until - now())::float8 / 86400 as "daysLeft",
            u.email as "vendorEmail", vp.contact_person as "contactPerson"
       from quotations q join users u on u.id = q.vendor_id join vendor_profiles vp on vp.user_id = q.vendor_id
      where q.id = $1 for update of q`,
    [id],
  ))[0];
}

export async function markExtensionRequested(tx: Queryable, id: number) {
  await tx.query("update quotations set extension_requested_at = now() where id = $1", [id]);
}

/** Valid for `days` from now; the request for an extension is answered. Returns the new date. */
export async function extendQuotation(tx: Queryable, id: number, days: number): Promise<Date> {
  const [row] = await tx.query<{ validUntil: Date }>(
    `update quotations set validity_days = $2, valid_until = now() + make_interval(days => $2),
        extension_requested_at = null, updated_at = now()
      where id = $1 returning valid_until as "validUntil"`,
    [id, days],
  );
  return row.validUntil;
}
