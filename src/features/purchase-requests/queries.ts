import type { Queryable } from "../../db/types.ts";
import { insertRequestItems, type RequestItemCommon } from "../../db/request-items.ts";
import type { RequestEvent } from "../../db/request-events.ts";
import type { ApprovalStage } from "../../lib/approval-policy.ts";
import { where } from "../../db/where.ts";
import { cursorSql, encodeKeyset, type Keyset, whereAfter } from "../../db/keyset.ts";
import { cappedCount, type Total, totalOf, totalPlan } from "../../db/paging.ts";

export interface PrItemInput extends RequestItemCommon {
  specifications: string;
  urgency: string;
  notes: string;
}

const cents = (c: number) => (c / 100).toFixed(2);

// Who has approved it in its current pending round, so the SPA hides Approve/Reject from them.
const APPROVED_BY = `case when pr.status = 'pending' then coalesce((
    select json_agg(e.actor_id) from purchase_request_events e
     where e.purchase_request_id = pr.id and e.action = 'approved'
       and e.id > coalesce((select max(p.id) from purchase_request_events p
                             where p.purchase_request_id = pr.id and p.to_status = 'pending' and p.action <> 'approved'), 0)
  ), '[]'::json) else '[]'::json end`;

// Timestamps inside json come out as PostgreSQL writes them; this is the JSON of a JS Date (milliseconds, Z),
// so a date built in SQL reads the same as every other date of the API.
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const isoMs = (col: string) => `to_char(${col} at time zone 'UTC', ${ISO_MS})`;

/**
 * The fields of a request in the list and the detail, as json_build_object pairs: the answer is built
 * by PostgreSQL and leaves the database as one text value that becomes the body as it is (no row
 * parsing, no JSON.stringify in the app). Values as the driver gave them before: dates as a JS Date's
 * JSON, money as text.
 */
const ROW_PAIRS = `'id', pr.id, 'requestId', pr.request_number, 'title', pr.title,
  'description', pr.description, 'status', pr.status, 'requestType', pr.request_type, 'priority', pr.priority,
  'department', pr.department, 'biddingMode', pr.bidding_mode, 'deadline', ${isoMs("pr.deadline")},
  'createdAt', ${isoMs("pr.created_at")}, 'updatedAt', ${isoMs("pr.updated_at")},
  'estimatedBudget', pr.estimated_budget::text, 'approvalsRequired', pr.approvals_required, 'version', pr.version,
  'createdById', pr.created_by,
  'category', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
  'categoryName', c.name, 'approvedBy', ${APPROVED_BY}`;

/** A row of the list: the fields and the item summary kept on the row by sql/0020 (count, first three). */
const LIST_JSON = `json_build_object(${ROW_PAIRS}, 'itemCount', pr.item_count, 'items', pr.item_summary)`;

export interface ListPage extends Total {
  /** The page's rows as a JSON array, ready to be sent. */
  body: string;
  /** How many rows the page holds. */
  rows: number;
  /** The cursor of the page after this one (a full page only). */
  next?: string;
}

export async function listPurchaseRequests(
  db: Queryable,
  f: {
    status?: string;
    categoryId?: number;
    requestType?: string;
    q?: string;
    limit: number;
    offset: number;
    after?: Keyset;
  },
): Promise<ListPage> {
  // With a text search, the filtered columns lead the ORDER BY so the planner reads the filter's own
  // index in list order and rechecks the text on those rows; otherwise it walks the newest-first index
  // and filters (status=completed&q=medical: 47,442 rows, 1,991 buffers, against 527 rows, 285). The
  // equalities are written as ranges (same rows): an equality makes the leading column a constant the
  // planner drops from the ORDER BY. The same with a cursor: at 1,000,000 requests the planner walked the
  // newest-first index for status=completed&after=<4 days ago> (completed requests are old: 323,106 rows
  // filtered, 28,327 buffers); the status index seeks the cursor in 5. Page 1 of a filter alone keeps the
  // equality (its index is chosen anyway).
  const lead = !f.q && !f.after
    ? ""
    : f.requestType && f.status
    ? "pr.request_type, pr.status, "
    : f.categoryId
    ? "pr.category_id, "
    : f.status
    ? "pr.status, "
    : "";
  const eq = (col: string) => lead.includes(col) ? `${col} >= ? and ${col} <= ?` : `${col} = ?`;
  const w = where([
    [eq("pr.status"), f.status],
    [eq("pr.category_id"), f.categoryId],
    [eq("pr.request_type"), f.requestType],
    // the expression of the trigram index purchase_requests_search_idx
    [
      "(pr.request_number || ' ' || pr.title || ' ' || pr.description) ilike ?",
      f.q ? `%${escapeLike(f.q)}%` : undefined,
    ],
  ]);
  // Keyset: the rows after the cursor in (created_at desc, id desc) order, read from the same
  // index range as page 1 whatever the depth (an offset reads and throws away every row before it).
  // The timestamp goes as text: postgres.js serialises a timestamptz parameter through a JS Date, which
  // drops the microseconds, and the cursor would skip the rows of its own millisecond.
  const pageParams = [...w.params];
  const page = whereAfter(w.sql, pageParams, f.after, "pr.created_at", "pr.id");
  // With an offset, the rows skipped are read as ids from the index only (offset 10,000: 10,532 buffers
  // before, 649 after); without one, reading the 50 rows straight from the index scan saves 50 lookups.
  const offset = f.after ? 0 : f.offset;
  const skips = offset > 0;
  // The total is over the filter, not the cursor, so a pager shows the same total on every page.
  const spec = { from: "from purchase_requests pr", table: "purchase_requests", where: w.sql, params: w.params };
  // One statement: the page as json text, its size, the last row's cursor and, when the total has to be
  // counted, the capped count (it reads the filter's parameters, $1.., which the page statement starts with).
  const pageQuery = (countSql?: string) =>
    db.query<{ body: string; rows: number; last: string | null; n: number | null }>(
      `with page as (
         select ${LIST_JSON} as j, pr.created_at, pr.id, ${CURSOR_SQL} as cursor
           from (select ${skips ? "pr.id" : "*"} from purchase_requests pr ${page}
                  order by ${lead}pr.created_at desc, pr.id desc limit $${pageParams.length + 1} offset $${
        pageParams.length + 2
      }) ${skips ? "p join purchase_requests pr on pr.id = p.id" : "pr"}
           left join categories c on c.id = pr.category_id)
       select coalesce(json_agg(j order by created_at desc, id desc), '[]')::text as body, count(*)::int as rows,
              (array_agg(cursor order by created_at, id))[1] as last,
              ${countSql ? `(${countSql})` : "null::int"} as n
         from page`,
      [...pageParams, f.limit, offset],
    );
  let result: { body: string; rows: number; last: string | null; n: number | null };
  let total: Total;
  if (f.q) {
    // Text search: the page first; a short first page is the whole answer and needs no count (a rare
    // word's count would read the trigram index a second time).
    [result] = await pageQuery();
    if (!f.after && offset === 0 && result.rows < f.limit) {
      total = { total: result.rows, capped: false, estimated: false };
    } else {
      total = await cappedCount(db, { ...spec, text: true });
    }
  } else {
    const plan = await totalPlan(db, spec);
    [result] = await pageQuery("countSql" in plan ? plan.countSql : undefined);
    total = "known" in plan ? plan.known : totalOf(result.n ?? 0);
  }
  // A full page may have more after it; a short page is the last.
  const next = result.rows === f.limit && result.last ? encodeKeyset(result.last) : undefined;
  return { body: result.body, rows: result.rows, ...total, next };
}

// Totals (exact up to COUNT_CAP, estimated when large): src/db/paging.ts, shared by every list.
export { cappedCount, COUNT_CAP, ESTIMATE_SKIP, MAX_OFFSET } from "../../db/paging.ts";

// The cursor of the list order (created_at desc, id desc): src/db/keyset.ts, shared by every keyset list.
const CURSOR_SQL = cursorSql("pr.created_at", "pr.id");

/** `%` and `_` typed by the user are searched for, not wildcards. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Exact counts kept by the database (sql/0023_kept_counts.sql): a few rows, not the whole table. */
export async function prStats(db: Queryable) {
  return (await db.query<{ total: number; active: number; pending: number; completed: number }>(
    `select coalesce(sum(n), 0)::int as total,
            coalesce(sum(n) filter (where bucket = 'active'), 0)::int as active,
            coalesce(sum(n) filter (where bucket = 'pending'), 0)::int as pending,
            coalesce(sum(n) filter (where bucket = 'completed'), 0)::int as completed
       from kept_counts where entity = 'purchase_requests'`,
  ))[0];
}

/** One statement (one round trip): the request, its items and its history, as JSON text; undefined if none. */
export async function getPurchaseRequestJson(db: Queryable, id: number): Promise<string | undefined> {
  const row = (await db.query<{ body: string }>(
    `select json_build_object(${ROW_PAIRS}, 'justification', pr.justification,
        'approvalRequired', pr.approval_required, 'vendorPreferences', pr.vendor_preferences,
        'internalSupplier', pr.internal_supplier, 'rejectionReason', pr.rejection_reason,
        'createdBy', json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name), 'email', u.email),
        'items', coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name, 'specifications', i.specifications,
                    'quantity', i.quantity, 'unit', i.unit, 'estimatedPrice', i.estimated_price::text,
                    'categoryId', i.category_id, 'urgency', i.urgency, 'notes', i.notes) order by i.position, i.id)
           from purchase_request_items i where i.purchase_request_id = pr.id), '[]'::json),
        'history', coalesce((select json_agg(json_build_object('id', e.id, 'action', e.action, 'stage', e.stage,
                    'fromStatus', e.from_status, 'toStatus', e.to_status, 'comment', e.comment,
                    'createdAt', ${isoMs("e.created_at")},
                    'actor', case when a.id is null then null else json_build_object('id', a.id,
                      'name', btrim(a.first_name || ' ' || a.last_name), 'email', a.email) end)
                    order by e.created_at, e.id)
           from purchase_request_events e left join users a on a.id = e.actor_id
          where e.purchase_request_id = pr.id), '[]'::json))::text as body
       from purchase_requests pr left join categories c on c.id = pr.category_id join users u on u.id = pr.created_by
      where pr.id = $1`,
    [id],
  ))[0];
  return row?.body;
}

/** The same as an object (the answers of the changes, which are not the hot path). */
export async function purchaseRequestExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query("select 1 from purchase_requests where id = $1", [id])).length > 0;
}

export async function getPurchaseRequest(db: Queryable, id: number): Promise<Record<string, unknown> | undefined> {
  const body = await getPurchaseRequestJson(db, id);
  return body === undefined ? undefined : JSON.parse(body);
}

export async function lockPurchaseRequest(tx: Queryable, id: number) {
  return (await tx.query<{
    id: number;
    status: string;
    version: number;
    createdBy: number;
    budget: string;
    requestType: string;
    categoryId: number | null;
    title: string;
    requestNumber: string;
    deadline: Date;
  }>(
    `select id, status, version, created_by as "createdBy", estimated_budget as budget, request_type as "requestType",
        category_id as "categoryId", title, request_number as "requestNumber", deadline
       from purchase_requests where id = $1 for update`,
    [id],
  ))[0];
}

/** A new request's own fields, as the payload gives them (payload.ts) and the insert writes them. */
export interface PurchaseRequestFields {
  title: string;
  description: string;
  department: string;
  justification: string;
  priority: string;
  requestType: string;
  status: string;
  categoryId: number | null;
  deadline: Date;
  approvalRequired: boolean;
  vendorPreferences: string;
  internalSupplier: string;
}

export async function insertPurchaseRequest(
  tx: Queryable,
  pr: PurchaseRequestFields & {
    requestNumber: string;
    biddingMode: string;
    budgetCents: number;
    approvalsRequired: number;
    createdBy: number;
  },
) {
  return (await tx.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, description, department, justification, priority, request_type,
        status, bidding_mode, category_id, deadline, estimated_budget, approval_required, approvals_required,
        vendor_preferences, internal_supplier, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::numeric, $13, $14, $15, $16, $17) returning id`,
    [
      pr.requestNumber,
      pr.title,
      pr.description,
      pr.department,
      pr.justification,
      pr.priority,
      pr.requestType,
      pr.status,
      pr.biddingMode,
      pr.categoryId,
      pr.deadline,
      cents(pr.budgetCents),
      pr.approvalRequired,
      pr.approvalsRequired,
      pr.vendorPreferences,
      pr.internalSupplier,
      pr.createdBy,
    ],
  ))[0].id;
}

const itemValues = (i: PrItemInput) => ({
  ...i,
  specification: i.specifications,
  texts: [i.urgency, i.notes] as const,
});

/** The items in one statement, in the request's transaction (src/db/request-items.ts). */
export const insertItems = (tx: Queryable, prId: number, items: PrItemInput[]) =>
  insertRequestItems(tx, "purchase_request", prId, items.map(itemValues));

export interface ItemSnapshot {
  name: string;
  specifications: string;
  quantity: number;
  unit: string;
  estimatedPrice: string;
  categoryId: number | null;
}

export async function itemSnapshot(tx: Queryable, prId: number) {
  return await tx.query<ItemSnapshot>(
    `select name, specifications, quantity, unit, estimated_price as "estimatedPrice", category_id as "categoryId"
       from purchase_request_items where purchase_request_id = $1 order by position, id`,
    [prId],
  );
}

export async function replaceItems(tx: Queryable, prId: number, items: PrItemInput[]) {
  await tx.query("delete from purchase_request_items where purchase_request_id = $1", [prId]);
  await insertItems(tx, prId, items);
}

export async function updatePurchaseRequest(
  tx: Queryable,
  id: number,
  u: {
    title: string;
    description: string;
    deadline: Date;
    categoryId: number | null;
    budgetCents: number;
    approvalsRequired: number;
  },
) {
  await tx.query(
    `update purchase_requests set title = $2, description = $3, deadline = $4, category_id = coalesce($5, category_id),
        estimated_budget = $6::numeric, approvals_required = $7, version = version + 1, updated_at = now()
      where id = $1`,
    [id, u.title, u.description, u.deadline, u.categoryId, cents(u.budgetCents), u.approvalsRequired],
  );
}

/** A change that is not a column of the request (an approval on the way) still moves its version. */
export async function bumpVersion(tx: Queryable, id: number) {
  await tx.query("update purchase_requests set version = version + 1, updated_at = now() where id = $1", [id]);
}

export async function setStatus(tx: Queryable, id: number, status: string, rejectionReason?: string) {
  await tx.query(
    `update purchase_requests set status = $2, rejection_reason = coalesce($3, rejection_reason), version = version + 1,
        updated_at = now() where id = $1`,
    [id, status, rejectionReason ?? null],
  );
}

export async function addEvent(
  tx: Queryable,
  e: RequestEvent & { prId: number },
) {
  await tx.query(
    `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status, comment)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [e.prId, e.actorId, e.action, e.stage ?? null, e.from ?? null, e.to ?? null, e.comment ?? ""],
  );
}

/** Approvals given since the request last entered pending (a re-submitted request starts over). */
export async function currentApprovals(tx: Queryable, prId: number) {
  return await tx.query<{ actorId: number; stage: ApprovalStage }>(
    `select actor_id as "actorId", stage from purchase_request_events
      where purchase_request_id = $1 and action = 'approved'
        and id > coalesce((select max(id) from purchase_request_events
                            where purchase_request_id = $1 and to_status = 'pending' and action <> 'approved'), 0)`,
    [prId],
  );
}

/** Approved vendors subscribed to a category, for "new opportunity" emails. */
export async function subscribedVendorEmails(tx: Queryable, categoryId: number) {
  return await tx.query<{ email: string; companyName: string; contactPerson: string }>(
    `select u.email, vp.company_name as "companyName", vp.contact_person as "contactPerson"
       from vendor_categories vc join vendor_profiles vp on vp.user_id = vc.vendor_id join users u on u.id = vp.user_id
      where vc.category_id = $1 and vp.status = 'approved' and u.is_active
        -- the vendor's own choice in Settings
        and coalesce((u.preferences ->> 'emailNotifications')::boolean, true)
        and coalesce((u.preferences ->> 'opportunityEmails')::boolean, true)
      order by u.id`,
    [categoryId],
  );
}
