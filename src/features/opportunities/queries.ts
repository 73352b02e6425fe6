/**
 * What a vendor may see and answer: active purchase requests needing quotes and open bid requests,
 * in its categories when matching is on. Only fields meant for vendors are selected (no creator,
 * no internal notes, no number of competing bids).
 */
import type { Queryable } from "../../db/types.ts";
import type { QuotationItemFields } from "../../db/quotation-items.ts";
import {
  afterSql,
  cursorSql,
  cursorText,
  encodeKeyset,
  type Keyset,
  parseKeyset,
  whereAfter,
} from "../../db/keyset.ts";
import { cappedCountSql, type Total, totalOf, totalPlan } from "../../db/paging.ts";
import { type JsonPage, jsonPage } from "../../db/json-page.ts";
import { tagArray } from "../../sealing/bidder.ts";

// Timestamps inside json as the JSON of a JS Date (milliseconds, Z), as the driver's rows gave them.
const isoMs = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The vendor's ($1) current quotation for the request, if any (one lookup in the unique index of
 * current quotations), so the SPA knows what it has quoted without loading every quotation of the
 * vendor: its own list is paged.
 */
const MY_QUOTATION = (column: string, alias: string) =>
  `(select json_build_object('id', mq.id, 'status', mq.status) from quotations mq
     where mq.vendor_id = $1 and mq.${column} = ${alias}.id and mq.is_current)`;

/**
 * MY_QUOTATION of a bid: the vendor's row, or its sealed row, which has no vendor_id but the vendor's
 * tag among `tags` (the parameter numbered `tags`, src/sealing/bidder.ts); asked only when the first
 * finds none, each a lookup in its unique index.
 */
const MY_BID_QUOTATION = (tags: number) =>
  `coalesce(${MY_QUOTATION("bid_request_id", "b")},
   (select json_build_object('id', mq.id, 'status', mq.status) from quotations mq
     where mq.bid_request_id = b.id and mq.vendor_tag = any (${tagArray(tags)}) and mq.is_current))`;

const CATEGORY = `case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end`;

const PR_ITEMS = `coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name, 'quantity', i.quantity,
    'unit', i.unit, 'estimatedPrice', i.estimated_price::text, 'specifications', i.specifications)
    order by i.position, i.id) from purchase_request_items i where i.purchase_request_id = pr.id), '[]'::json)`;

const BID_ITEMS = `coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name, 'quantity', i.quantity,
    'unit', i.unit, 'estimatedPrice', i.estimated_price::text, 'specifications', i.specification,
    'technicalRequirements', i.technical_requirements) order by i.position, i.id)
    from bid_request_items i where i.bid_request_id = b.id), '[]'::json)`;

const PR_FIELDS = `'purchase_request' as kind, pr.id, pr.request_number as "requestId", pr.title, pr.description,
  pr.request_type as "requestType", pr.deadline, pr.created_at as "createdAt", pr.estimated_budget as "estimatedBudget",
  pr.bidding_mode as "biddingMode", ${CATEGORY} as category, ${PR_ITEMS} as items,
  ${MY_QUOTATION("purchase_request_id", "pr")} as "myQuotation"`;

/**
 * A list row as json: PR_FIELDS as the driver's row gave them to JSON.stringify (money as text,
 * timestamps as a JS Date's JSON), built by PostgreSQL (src/db/json-page.ts's way), with `itemCount`.
 * `full`: every item (PR_ITEMS). Otherwise the first three items as the row keeps them (sql/0020's
 * `item_summary`: id, name, quantity, unit, estimatedPrice; no specifications): building each item's
 * JSON was ~60% of a page's PostgreSQL CPU (~460 items per 50 rows at 100,000 requests). The full
 * items are asked by `ids=` (the quotation dialogs, MyQuotations' Revise).
 */
const prJson = (full: boolean) =>
  `json_build_object('kind', 'purchase_request', 'id', pr.id, 'requestId', pr.request_number,
  'title', pr.title, 'description', pr.description, 'requestType', pr.request_type, 'deadline', ${isoMs("pr.deadline")},
  'createdAt', ${isoMs("pr.created_at")}, 'estimatedBudget', pr.estimated_budget::text, 'biddingMode', pr.bidding_mode,
  'category', ${CATEGORY}, 'itemCount', pr.item_count, 'items', ${full ? PR_ITEMS : "pr.item_summary"},
  'myQuotation', ${MY_QUOTATION("purchase_request_id", "pr")})`;

/**
 * The vendor's ($1) categories, read once per statement (an uncorrelated subquery: an init plan). The
 * correlated `exists` it replaces, under `not $2 or ...`, stayed a subplan the planner costs per row as
 * an index probe, and so it chose a bitmap over every open request's heap (4,953 buffers) over the
 * index-only scan of sql/0028 to count the vendor's purchase requests; as an array, the count is a range
 * per category (purchase_requests_vendor_category_open_idx, 48 buffers at 100,000 requests).
 */
const VENDOR_CATEGORIES = `array(select vc.category_id from vendor_categories vc where vc.vendor_id = $1)`;

/**
 * A purchase request open to the vendor ($1 when `byCategory`). Whether matching is on is written into
 * the statement, not a parameter: `not $2 or ...` kept the planner from the category index in a
 * generic plan, so every execution was planned again (about 2 ms of a page's 8 at 100,000 requests).
 */
const prOpenToVendor = (byCategory: boolean) =>
  `pr.status = 'active' and pr.request_type in ('vendor_quote', 'bid_required') and pr.deadline > now()
  -- once converted into a bid request, vendors answer the bid, not the request (kept by sql/0028)
  and not pr.has_live_bid${byCategory ? ` and pr.category_id = any (${VENDOR_CATEGORIES})` : ""}`;

const BID_FIELDS = (tags: number) =>
  `'bid_request' as kind, b.id, b.bid_number as "requestId", b.title, b.description, b.department,
  b.deadline, b.bidding_deadline as "biddingDeadline", b.bidding_mode as "biddingMode", b.created_at as "createdAt",
  b.estimated_budget as "estimatedBudget", b.qualification_criteria as "qualificationCriteria",
  b.technical_specifications as "technicalSpecifications", b.commercial_terms as "commercialTerms",
  b.bond_required as "bondRequired", b.bond_amount as "bondAmount", b.minimum_years_experience as "minimumYearsExperience",
  ${CATEGORY} as category, ${BID_ITEMS} as items, ${MY_BID_QUOTATION(tags)} as "myQuotation"`;

/** BID_FIELDS as json with `itemCount`; `full` as prJson (sql/0022 keeps a bid's first three items). */
const bidJson = (full: boolean, tags: number) =>
  `json_build_object('kind', 'bid_request', 'id', b.id, 'requestId', b.bid_number, 'title', b.title,
  'description', b.description, 'department', b.department, 'deadline', ${isoMs("b.deadline")},
  'biddingDeadline', ${isoMs("b.bidding_deadline")}, 'biddingMode', b.bidding_mode, 'createdAt', ${
    isoMs("b.created_at")
  },
  'estimatedBudget', b.estimated_budget::text, 'qualificationCriteria', b.qualification_criteria,
  'technicalSpecifications', b.technical_specifications, 'commercialTerms', b.commercial_terms,
  'bondRequired', b.bond_required, 'bondAmount', b.bond_amount::text, 'minimumYearsExperience', b.minimum_years_experience,
  'category', ${CATEGORY}, 'itemCount', b.item_count, 'items', ${full ? BID_ITEMS : "b.item_summary"},
  'myQuotation', ${MY_BID_QUOTATION(tags)})`;

/**
 * A bid request open to the vendor ($1 when `byCategory`), as prOpenToVendor: an uncategorised bid is
 * open to every vendor. `forCount`: the same rows written as sql/0031's index reads them
 * (`coalesce(category_id, 0)`, 0 standing for "no category": identity ids start at 1), so the capped
 * count is a range per category (13,755 entries read for vendor@example.com's 10,001 at 1,000,000
 * requests) instead of every open bid in closing order (32,005). The page keeps the closing-order index.
 */
const bidOpenToVendor = (byCategory: boolean, forCount = false) =>
  `b.status in ('published', 'bidding_open')
  and (b.bidding_start_at is null or b.bidding_start_at <= now()) and b.bidding_deadline > now()${
    !byCategory
      ? ""
      : forCount
      ? ` and coalesce(b.category_id, 0) = any (${VENDOR_CATEGORIES} || 0)`
      : ` and (b.category_id is null or b.category_id = any (${VENDOR_CATEGORIES}))`
  }`;

export async function matchingPurchaseRequests(db: Queryable, vendorId: number, byCategory: boolean, onlyId?: number) {
  return await db.query<
    Record<string, unknown> & { id: number; items: { id: number; name: string; quantity: number; unit: string }[] }
  >(
    `select ${PR_FIELDS} from purchase_requests pr left join categories c on c.id = pr.category_id
      where ${prOpenToVendor(byCategory)} and ($2::int is null or pr.id = $2) order by pr.deadline, pr.id`,
    [vendorId, onlyId ?? null],
  );
}

/** `tags`: the vendor's bidder tags (src/sealing/bidder.ts), for `myQuotation` of a sealed bid. */
export async function matchingBids(
  db: Queryable,
  vendorId: number,
  byCategory: boolean,
  tags: string[],
  onlyId?: number,
) {
  return await db.query<
    Record<string, unknown> & {
      id: number;
      biddingMode: string;
      items: { id: number; name: string; quantity: number; unit: string }[];
    }
  >(
    `select ${BID_FIELDS(3)} from bid_requests b left join categories c on c.id = b.category_id
      where ${bidOpenToVendor(byCategory)} and ($2::int is null or b.id = $2) order by b.bidding_deadline, b.id`,
    [vendorId, onlyId ?? null, tags],
  );
}

export type OpportunityKind = "purchase_request" | "bid_request";

/**
 * Where a page of opportunities starts: the (closing time, kind, id) of the last row of the page
 * before. The cursor is src/db/keyset.ts's (time, id) with the kind's letter in front ("b:" or "p:").
 */
export interface OpportunityCursor extends Keyset {
  kind: OpportunityKind;
}

export function decodeOpportunityCursor(value: string): OpportunityCursor | undefined {
  const m = /^([bp]):(.+)$/.exec(cursorText(value) ?? "");
  const at = m ? parseKeyset(m[2]) : undefined;
  return at && { ...at, kind: m![1] === "b" ? "bid_request" : "purchase_request" };
}

export interface OpportunityFilter {
  limit: number;
  offset: number;
  after?: OpportunityCursor;
  kind?: OpportunityKind;
  categoryId?: number;
  /** Words in the number, title or description. */
  q?: string;
  /** Only these (MyQuotations' Revise: which of its requests are still open to the vendor). */
  ids?: { purchaseRequest: number[]; bidRequest: number[] };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * One kind's rows of a page: its open-to-the-vendor filter and the list's filters, in closing
 * order. `params` starts with the vendor ($1) when `byCategory` or when the statement answers rows.
 */
function opportunityBranch(
  kind: OpportunityKind,
  f: OpportunityFilter,
  byCategory: boolean,
  params: unknown[],
  cursor: boolean,
) {
  const pr = kind === "purchase_request";
  const [alias, closes] = pr ? ["pr", "pr.deadline"] : ["b", "b.bidding_deadline"];
  const conds: string[] = [];
  if (f.categoryId !== undefined) conds.push(`${alias}.category_id = $${params.push(f.categoryId)}`);
  if (f.q) {
    const number = pr ? "pr.request_number" : "b.bid_number";
    // The purchase request list's expression: its trigram index (sql/0017) answers it.
    conds.push(
      `(${number} || ' ' || ${alias}.title || ' ' || ${alias}.description) ilike $${
        params.push(`%${escapeLike(f.q)}%`)
      }`,
    );
  }
  if (f.ids) {
    conds.push(`${alias}.id = any($${params.push(pr ? f.ids.purchaseRequest : f.ids.bidRequest)}::int[])`);
  }
  const filters = conds.map((c) => ` and ${c}`).join("");
  const where = `where ${pr ? prOpenToVendor(byCategory) : bidOpenToVendor(byCategory)}${filters}`;
  // What the capped count reads (bidOpenToVendor's `forCount`); the page reads `where`.
  const count = pr ? where : `where ${bidOpenToVendor(byCategory, true)}${filters}`;
  if (!cursor || !f.after) return { where, count, page: where, closes, alias };
  // After (time, kind, id) in the order closes, kind, id ('bid_request' sorts before 'purchase_request').
  const after = f.after.kind === kind
    ? afterSql(closes, `${alias}.id`, params.push(f.after.at, f.after.id) - 1, "asc")
    : `${closes} ${kind === "bid_request" ? ">" : ">="} $${params.push(f.after.at)}::text::timestamptz`;
  return { where, count, page: `${where} and ${after}`, closes, alias };
}

const TABLE = { purchase_request: "purchase_requests pr", bid_request: "bid_requests b" } as const;

/** A page of opportunities as JSON text; its total on page 1 and offset pages only (not on a cursor page). */
export interface OpportunityPage {
  body: string;
  rows: number;
  next?: string;
  total?: Total;
}

/**
 * A page of the vendor's opportunities, both kinds in one order: closing soonest first (a purchase
 * request's deadline, a bid request's bidding deadline: what a vendor must act on first), then kind
 * and id. Each kind's page comes from its own index in closing order (sql/0026, sql/0028), merged;
 * only the page's rows get their items (the first three and `itemCount`; all with `ids`) and `myQuotation`, and PostgreSQL builds the page's JSON
 * (src/db/json-page.ts's way) in the same statement as the total: each kind's capped count, added
 * (a text search's from a sample: src/db/paging.ts). A cursor page (`after`) does not count again:
 * the client keeps page 1's total.
 */
export async function matchingPage(
  db: Queryable,
  vendorId: number,
  byCategory: boolean,
  f: OpportunityFilter,
  tags: string[],
): Promise<OpportunityPage> {
  const kinds: OpportunityKind[] = f.kind ? [f.kind] : ["bid_request", "purchase_request"];
  // Rows asked by id carry every item; list pages the first three (see prJson).
  const full = f.ids !== undefined;
  const params: unknown[] = [vendorId];
  const take = f.after ? f.limit : f.offset + f.limit;
  const parts = kinds.map((kind) => ({ kind, ...opportunityBranch(kind, f, byCategory, params, true) }));
  // Numbered only when the statement asks for bids' rows (an unreferenced parameter has no type).
  const tagsParam = kinds.includes("bid_request") ? params.push(tags) : 0;
  const branches = parts.map((b) =>
    `(select '${b.kind}'::text as kind, ${b.alias}.id, ${b.closes} as closes,
             '${b.kind[0]}:' || ${cursorSql(b.closes, `${b.alias}.id`)} as cursor
        from ${TABLE[b.kind]} ${b.page} order by ${b.closes}, ${b.alias}.id limit ${take})`
  );
  // Whether to count each kind (or its total is known without counting), planned with the kind's own
  // parameters; counted inside the page's statement with the statement's numbering. Planned from
  // `where`, not `count` (the same rows): its row estimate decides whether to count and is the total
  // when it does not; the coalesce's estimate has no statistics until the table is next analysed (640
  // for 10,038 at 1,000,000 requests).
  const plans = f.after ? [] : await Promise.all(kinds.map((kind) => {
    // The vendor is a parameter of the count only when matching by category.
    const own: unknown[] = byCategory ? [vendorId] : [];
    const b = opportunityBranch(kind, f, byCategory, own, false);
    return totalPlan(db, {
      from: `from ${TABLE[kind]}`,
      where: b.where,
      params: own,
      text: f.q !== undefined,
      table: TABLE[kind].split(" ")[0],
    });
  }));
  const counts = plans.map((p, i) =>
    "countSql" in p ? `(${cappedCountSql(`from ${TABLE[parts[i].kind]}`, parts[i].count)})` : "null::int"
  );
  const [r] = await db.query<{ body: string; rows: number; last: string | null; counts: (number | null)[] }>(
    `with page as (
       select kind, id, closes, cursor from (${branches.join(" union all ")}) o
        order by closes, kind, id limit ${f.limit} offset ${f.after ? 0 : f.offset}
     )
     select coalesce(json_agg(j order by closes, kind, id), '[]')::text as body, count(*)::int as rows,
            (array_agg(cursor order by closes desc, kind desc, id desc))[1] as last,
            array[${counts.length ? counts.join(", ") : "null::int"}]::int[] as counts
       from (select p.*, case p.kind
                  when 'purchase_request' then (select ${prJson(full)} from purchase_requests pr
                    left join categories c on c.id = pr.category_id where pr.id = p.id)
                  else (select ${bidJson(full, tagsParam)} from bid_requests b
                    left join categories c on c.id = b.category_id where b.id = p.id)
                end as j
               from page p) p`,
    params,
    // Page 1 and cursor pages keep their plan (decision 016): the text fixes it (matching, kinds and
    // page size written in, no offset) and planning was about half of a cursor page's 3 ms at
    // 1,000,000 requests. Not with a text search (its pattern decides the plan), `ids` (an array
    // the generic plan would guess at) or an offset (written as a number: one text per depth).
    !f.q && !f.ids && (f.after || f.offset === 0) ? { cachedPlan: true } : undefined,
  );
  // A full page may have more after it; a short page is the last.
  const next = r.rows === f.limit && r.last ? encodeKeyset(r.last) : undefined;
  if (f.after) return { body: r.body, rows: r.rows, next };
  const totals = plans.map((p, i) => "known" in p ? p.known : totalOf(r.counts[i] ?? 0));
  const n = totals.reduce((s, t) => s + t.total, 0);
  const total = totalOf(n);
  return {
    body: r.body,
    rows: r.rows,
    next,
    total: {
      total: total.total,
      capped: total.capped || totals.some((t) => t.capped),
      estimated: totals.some((t) => t.estimated),
    },
  };
}

/** Locks the target request row so bidding cannot close between the checks and the insert. */
export async function lockTarget(tx: Queryable, kind: "purchase_request" | "bid_request", id: number) {
  const table = kind === "purchase_request" ? "purchase_requests" : "bid_requests";
  return (await tx.query(`select id from ${table} where id = $1 for share`, [id]))[0];
}

/** `tag`: the vendor's bidder tag on a sealed bid (its current row may be sealed, with no vendor_id). */
export async function lockCurrentQuotation(
  tx: Queryable,
  vendorId: number,
  kind: "purchase_request" | "bid_request",
  id: number,
  tag?: Uint8Array,
) {
  const column = kind === "purchase_request" ? "purchase_request_id" : "bid_request_id";
  return (await tx.query<{ id: number; status: string; revision: number }>(
    `select id, status, revision from quotations
      where (vendor_id = $1${tag ? " or vendor_tag = $3" : ""}) and ${column} = $2 and is_current for update`,
    tag ? [vendorId, id, tag] : [vendorId, id],
  ))[0];
}

export async function supersede(tx: Queryable, quotationId: number) {
  await tx.query(
    "update quotations set is_current = false, status = 'superseded', updated_at = now() where id = $1",
    [quotationId],
  );
}

export async function insertQuotation(
  tx: Queryable,
  q: {
    /** null for a sealed quotation: `bidder` stands in for it (src/sealing/bidder.ts). */
    vendorId: number | null;
    bidder: { tag: Uint8Array; sealedVendor: Uint8Array } | null;
    purchaseRequestId: number | null;
    bidRequestId: number | null;
    revision: number;
    source: string;
    sealed: boolean;
    sealedPayload: Uint8Array | null;
    totalAmount: string | null;
    validityDays: number;
    leadTimeDays: number | null;
    notes: string | null;
  },
) {
  return (await tx.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, bid_request_id, revision, source, sealed, sealed_payload,
        total_amount, validity_days, valid_until, lead_time_days, notes, vendor_tag, sealed_vendor)
     values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, now() + make_interval(days => $9), $10, $11, $12, $13)
     returning id`,
    [
      q.vendorId,
      q.purchaseRequestId,
      q.bidRequestId,
      q.revision,
      q.source,
      q.sealed,
      q.sealedPayload,
      q.totalAmount,
      q.validityDays,
      q.leadTimeDays,
      q.notes,
      q.bidder?.tag ?? null,
      q.bidder?.sealedVendor ?? null,
    ],
  ))[0].id;
}

// Written by an open submission here and by unsealing (src/sealing/sealed-quotation.ts): one statement, shared.
export { insertQuotationItems } from "../../db/quotation-items.ts";

export async function attach(tx: Queryable, quotationId: number, fileId: number) {
  await tx.query("insert into quotation_attachments (quotation_id, file_id) values ($1, $2)", [quotationId, fileId]);
}

export interface VendorQuotationRow {
  id: number;
  purchaseRequestId: number | null;
  bidRequestId: number | null;
  requestNumber: string;
  purchaseRequestTitle: string;
  status: string;
  isCurrent: boolean;
  revision: number;
  sealed: boolean;
  sealedPayload: Uint8Array | null;
  totalAmount: string | null;
  validityDays: number;
  validUntil: Date;
  leadTimeDays: number | null;
  notes: string | null;
  submittedAt: Date;
  source: string;
  items: (QuotationItemFields & { id: number })[];
  /** `sealedMeta`: a sealed file's real name, encrypted (opened for its owner by present()). */
  attachments: { id: number; filename: string; sealedMeta?: string | null }[];
  purchaseOrder: { id: number; poNumber: string } | null;
}

const VENDOR_QUOTATION_COLUMNS =
  `q.id, q.purchase_request_id as "purchaseRequestId", q.bid_request_id as "bidRequestId",
    coalesce(pr.request_number, b.bid_number) as "requestNumber", coalesce(pr.title, b.title) as "purchaseRequestTitle",
    q.status, q.is_current as "isCurrent", q.revision, q.sealed, q.sealed_payload as "sealedPayload",
    q.total_amount as "totalAmount", q.validity_days as "validityDays", q.valid_until as "validUntil",
    q.valid_until < now() as expired, q.extension_requested_at as "extensionRequestedAt",
    q.lead_time_days as "leadTimeDays", q.notes, q.submitted_at as "submittedAt", q.source,
    coalesce((select json_agg(json_build_object('id', i.id, 'itemId', coalesce(i.purchase_request_item_id, i.bid_request_item_id),
        'name', i.name, 'quantity', i.quantity, 'unit', i.unit, 'unitPrice', i.unit_price::text, 'totalPrice', i.total_price::text,
        'notes', i.notes) order by i.id) from quotation_items i where i.quotation_id = q.id), '[]'::json) as items,
    coalesce((select json_agg(json_build_object('id', f.id, 'filename', f.filename, 'sealedMeta', f.sealed_meta) order by f.id)
        from quotation_attachments a join files f on f.id = a.file_id where a.quotation_id = q.id), '[]'::json) as attachments,
    (select json_build_object('id', po.id, 'poNumber', po.po_number) from purchase_orders po where po.quotation_id = q.id)
      as "purchaseOrder"`;
const VENDOR_QUOTATION_JOINS = `left join purchase_requests pr on pr.id = q.purchase_request_id
    left join bid_requests b on b.id = q.bid_request_id`;

/** The vendor's rows: its own, or sealed ones with its tag among the parameter numbered `tags`. */
const MINE = (tags: number) => `(q.vendor_id = $1 or q.vendor_tag = any (${tagArray(tags)}))`;

/**
 * One of the vendor's own quotations by id (any revision, history included); `tags`, the vendor's
 * bidder tags (src/sealing/bidder.ts), find a sealed one.
 */
export async function vendorQuotations(db: Queryable, vendorId: number, onlyId: number, tags: string[]) {
  return await db.query<VendorQuotationRow>(
    `select ${VENDOR_QUOTATION_COLUMNS} from quotations q ${VENDOR_QUOTATION_JOINS} where ${MINE(3)} and q.id = $2`,
    [vendorId, onlyId, tags],
  );
}

/**
 * A row of the vendor's own list as json: what its card shows and the fields it had before, without
 * the items and attachments (its details: GET /api/vendor/quotations/{id}); the item count is kept on
 * the row by sql/0025. A sealed quotation's total, notes and item count are in its payload, which the
 * route opens (`sealedPayloads`) when the page holds one.
 */
const VENDOR_LIST_ROW_JSON = `json_build_object('id', q.id, 'purchaseRequestId', q.purchase_request_id,
    'bidRequestId', q.bid_request_id, 'requestNumber', coalesce(pr.request_number, b.bid_number),
    'purchaseRequestTitle', coalesce(pr.title, b.title), 'status', q.status, 'isCurrent', q.is_current,
    'revision', q.revision, 'sealed', q.sealed, 'totalAmount', q.total_amount::text, 'validityDays', q.validity_days,
    'validUntil', ${isoMs("q.valid_until")}, 'expired', q.valid_until < now(),
    'extensionRequestedAt', ${isoMs("q.extension_requested_at")}, 'leadTimeDays', q.lead_time_days, 'notes', q.notes,
    'submittedAt', ${isoMs("q.submitted_at")}, 'source', q.source, 'itemCount', q.item_count,
    'purchaseOrder', (select json_build_object('id', po.id, 'poNumber', po.po_number) from purchase_orders po
       where po.quotation_id = q.id))`;

/**
 * A page of the vendor's own current quotations, newest first, as JSON text with its total, in one
 * statement (src/db/json-page.ts; exact up to 10,000, src/db/paging.ts). `flagged`: a row of the page
 * is sealed (its total, notes and item count are in its payload).
 * Deep pages: `after`, the (submitted_at, id) of the last row of the page before; the page's rows
 * come from the (vendor_id, submitted_at, id) index of current quotations (sql/0021).
 */
export function vendorQuotationPage(
  db: Queryable,
  vendorId: number,
  f: { limit: number; offset: number; after?: Keyset },
  tags: string[],
): Promise<JsonPage & { flagged: boolean }> {
  const filter = `where ${MINE(2)} and q.is_current`;
  const params: unknown[] = [vendorId, tags];
  const after = whereAfter("", params, f.after, "q.submitted_at", "q.id").replace(/^where /, " and ");
  const take = `limit $${params.length + 1}`;
  // Two ordered ranges merged, each from its own index: the vendor's rows (sql/0021) and its sealed
  // ones (few: bids not yet unsealed, sql/0036), so a page reads no more than it shows at any depth.
  return jsonPage(db, {
    rows: `select ${VENDOR_LIST_ROW_JSON} as j, q.submitted_at, q.id, q.sealed,
              ${cursorSql("q.submitted_at", "q.id")} as cursor
         from (select id from (
                 (select q.id, q.submitted_at from quotations q where q.vendor_id = $1 and q.is_current${after}
                   order by q.submitted_at desc, q.id desc ${take})
                 union all
                 (select q.id, q.submitted_at from quotations q
                   where q.vendor_tag = any (${tagArray(2)}) and q.is_current${after})) u
                order by submitted_at desc, id desc limit $${params.length + 2} offset $${params.length + 3}) p
         join quotations q on q.id = p.id ${VENDOR_QUOTATION_JOINS}`,
    params: [...params, (f.after ? 0 : f.offset) + f.limit, f.limit, f.after ? 0 : f.offset],
    order: "submitted_at desc, id desc",
    reverse: "submitted_at, id",
    limit: f.limit,
    count: { from: "from quotations q", where: filter, params: [vendorId, tags] },
    flag: "sealed",
  });
}

/** The sealed payloads of the vendor's own quotations among `ids` (a list page that holds sealed ones). */
export async function sealedPayloads(db: Queryable, vendorId: number, ids: number[], tags: string[]) {
  return await db.query<{ id: number; bidRequestId: number; revision: number; sealedPayload: Uint8Array }>(
    `select id, bid_request_id as "bidRequestId", revision, sealed_payload as "sealedPayload"
       from quotations q where ${MINE(3)} and id = any($2::int[]) and sealed and bid_request_id is not null`,
    [vendorId, ids, tags],
  );
}

/**
 * What the request's author hears of a new quotation: the request's number and title and how many
 * current quotations it has; the vendor's name only when `vendorId` is given (never for a sealed bid).
 */
export async function receivedNotice(tx: Queryable, kind: OpportunityKind, targetId: number, vendorId: number | null) {
  const [row] = await tx.query<
    { createdBy: number; number: string; title: string; count: number; vendor: string | null }
  >(
    kind === "purchase_request"
      ? `select t.created_by as "createdBy", t.request_number as number, t.title,
            (select count(*)::int from quotations q where q.purchase_request_id = t.id and q.is_current) as count,
            (select company_name from vendor_profiles where user_id = $2) as vendor
           from purchase_requests t where t.id = $1`
      : `select t.created_by as "createdBy", t.bid_number as number, t.title,
            (select count(*)::int from quotations q where q.bid_request_id = t.id and q.is_current) as count,
            (select company_name from vendor_profiles where user_id = $2) as vendor
           from bid_requests t where t.id = $1`,
    [targetId, vendorId],
  );
  const { createdBy, vendor, ...params } = row;
  return { createdBy, params: vendorId === null ? { ...params, sealed: true } : { ...params, vendor: vendor ?? "" } };
}
