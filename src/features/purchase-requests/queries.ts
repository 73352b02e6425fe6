import type { Queryable } from "../../db/types.ts";
import { where } from "../../db/where.ts";

export interface PrItemInput {
  name: string;
  specifications: string;
  quantity: number;
  unit: string;
  estimatedPriceCents: number;
  categoryId: number | null;
  urgency: string;
  notes: string;
}

const cents = (c: number) => (c / 100).toFixed(2);

export const LIST_COLUMNS = `pr.id, pr.request_number as "requestId", pr.title, pr.description, pr.status,
  pr.request_type as "requestType", pr.priority, pr.department, pr.bidding_mode as "biddingMode",
  pr.deadline, pr.created_at as "createdAt", pr.updated_at as "updatedAt", pr.estimated_budget as "estimatedBudget",
  pr.approvals_required as "approvalsRequired", pr.version, pr.created_by as "createdById",
  case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as category,
  c.name as "categoryName",
  -- Who has approved it in its current pending round, so the SPA hides Approve/Reject from them.
  case when pr.status = 'pending' then coalesce((
    select json_agg(e.actor_id) from purchase_request_events e
     where e.purchase_request_id = pr.id and e.action = 'approved'
       and e.id > coalesce((select max(p.id) from purchase_request_events p
                             where p.purchase_request_id = pr.id and p.to_status = 'pending' and p.action <> 'approved'), 0)
  ), '[]'::json) else '[]'::json end as "approvedBy"`;

export async function listPurchaseRequests(
  db: Queryable,
  f: { status?: string; categoryId?: number; requestType?: string; q?: string; limit: number; offset: number },
) {
  const w = where([
    ["pr.status = ?", f.status],
    ["pr.category_id = ?", f.categoryId],
    ["pr.request_type = ?", f.requestType],
    // the expression of the trigram index purchase_requests_search_idx
    [
      "(pr.request_number || ' ' || pr.title || ' ' || pr.description) ilike ?",
      f.q ? `%${escapeLike(f.q)}%` : undefined,
    ],
  ]);
  const [items, total] = await Promise.all([
    // Page first, then the per-row details for just that page.
    db.query(
      `select ${LIST_COLUMNS},
          (select count(*)::int from purchase_request_items i where i.purchase_request_id = pr.id) as "itemCount",
          coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'quantity', t.quantity, 'unit', t.unit,
                      'estimatedPrice', t.estimated_price::text) order by t.position)
             from (select id, name, quantity, unit, estimated_price, position from purchase_request_items i
                    where i.purchase_request_id = pr.id order by position limit 3) t), '[]'::json) as items
         from (select * from purchase_requests pr ${w.sql}
                order by pr.created_at desc, pr.id desc limit $${w.next} offset $${w.next + 1}) pr
         left join categories c on c.id = pr.category_id
        order by pr.created_at desc, pr.id desc`,
      [...w.params, f.limit, f.offset],
    ),
    // Counting stops at COUNT_CAP: an exact count of 100,000 rows on every page costs more than the page.
    db.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from purchase_requests pr ${w.sql} limit ${COUNT_CAP + 1}) s`,
      w.params,
    ),
  ]);
  return { items, total: Math.min(total[0].n, COUNT_CAP), capped: total[0].n > COUNT_CAP };
}

/** Lists report exact totals up to this many rows, and "at least this many" beyond. */
export const COUNT_CAP = 10_000;

/** `%` and `_` typed by the user are searched for, not wildcards. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function prStats(db: Queryable) {
  // Grouped counts read the status index only (no row fetches), about 5 ms at 100,000 requests.
  const rows = await db.query<{ status: string; n: number }>(
    "select status, count(*)::int as n from purchase_requests group by status",
  );
  const by = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    active: by("active"),
    pending: by("pending"),
    completed: by("completed"),
  };
}

export async function getPurchaseRequest(db: Queryable, id: number) {
  const row = (await db.query<Record<string, unknown>>(
    `select ${LIST_COLUMNS}, pr.justification, pr.approval_required as "approvalRequired",
        pr.vendor_preferences as "vendorPreferences", pr.internal_supplier as "internalSupplier",
        pr.rejection_reason as "rejectionReason",
        json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name), 'email', u.email) as "createdBy"
       from purchase_requests pr left join categories c on c.id = pr.category_id join users u on u.id = pr.created_by
      where pr.id = $1`,
    [id],
  ))[0];
  if (!row) return undefined;
  const [items, history] = await Promise.all([
    db.query(
      `select id, name, specifications, quantity, unit, estimated_price as "estimatedPrice", category_id as "categoryId",
          urgency, notes from purchase_request_items where purchase_request_id = $1 order by position, id`,
      [id],
    ),
    db.query(
      `select e.id, e.action, e.stage, e.from_status as "fromStatus", e.to_status as "toStatus", e.comment,
          e.created_at as "createdAt",
          case when u.id is null then null else json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name),
            'email', u.email) end as actor
         from purchase_request_events e left join users u on u.id = e.actor_id
        where e.purchase_request_id = $1 order by e.created_at, e.id`,
      [id],
    ),
  ]);
  return { ...row, items, history };
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

export async function insertPurchaseRequest(
  tx: Queryable,
  pr: {
    requestNumber: string;
    title: string;
    description: string;
    department: string;
    justification: string;
    priority: string;
    requestType: string;
    status: string;
    biddingMode: string;
    categoryId: number | null;
    deadline: Date;
    budgetCents: number;
    approvalRequired: boolean;
    approvalsRequired: number;
    vendorPreferences: string;
    internalSupplier: string;
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

/** One INSERT for all items (unnest of parallel arrays), in the request's transaction. */
export async function insertItems(tx: Queryable, prId: number, items: PrItemInput[]) {
  await tx.query(
    `insert into purchase_request_items (purchase_request_id, position, name, specifications, quantity, unit,
        estimated_price, category_id, urgency, notes)
     select $1, t.ord - 1, t.name, t.spec, t.qty, t.unit, t.price::numeric, t.cat, t.urg, t.notes
       from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[])
         with ordinality as t(name, spec, qty, unit, price, cat, urg, notes, ord)`,
    [
      prId,
      items.map((i) => i.name),
      items.map((i) => i.specifications),
      items.map((i) => i.quantity),
      items.map((i) => i.unit),
      items.map((i) => cents(i.estimatedPriceCents)),
      items.map((i) => i.categoryId),
      items.map((i) => i.urgency),
      items.map((i) => i.notes),
    ],
  );
}

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

export async function setStatus(tx: Queryable, id: number, status: string, rejectionReason?: string) {
  await tx.query(
    `update purchase_requests set status = $2, rejection_reason = coalesce($3, rejection_reason), version = version + 1,
        updated_at = now() where id = $1`,
    [id, status, rejectionReason ?? null],
  );
}

export async function addEvent(
  tx: Queryable,
  e: {
    prId: number;
    actorId: number | null;
    action: string;
    stage?: string | null;
    from?: string | null;
    to?: string | null;
    comment?: string;
  },
) {
  await tx.query(
    `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status, comment)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [e.prId, e.actorId, e.action, e.stage ?? null, e.from ?? null, e.to ?? null, e.comment ?? ""],
  );
}

/** Approvals given since the request last entered pending (a re-submitted request starts over). */
export async function currentApprovals(tx: Queryable, prId: number) {
  return await tx.query<{ actorId: number; stage: string }>(
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
