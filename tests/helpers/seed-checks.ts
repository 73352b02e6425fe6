/**
 * Checks of seeded data shared by the demo seed's test (src/db/seed.test.ts) and the benchmark
 * data's (bench/seed-scale.test.ts): a fresh database, row counts, and the money and reference
 * invariants both must keep.
 */
import assert from "node:assert/strict";
import type { Db } from "../../src/db/types.ts";
import { testDb } from "./db.ts";

export const TABLES = [
  "users",
  "categories",
  "vendor_profiles",
  "vendor_categories",
  "document_counters",
  "purchase_requests",
  "purchase_request_items",
  "purchase_request_events",
  "bid_requests",
  "bid_request_items",
  "quotations",
  "quotation_items",
  "purchase_orders",
];

/** A migrated, empty test database (the test backend's); close() throws it away. */
export async function freshDb(): Promise<Db> {
  const t = await testDb();
  return { ...t.db, close: t.close };
}

export async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${t}`);
    out[t] = row.n;
  }
  return out;
}

export async function values(db: Db, sql: string, params: unknown[] = []): Promise<string[]> {
  return (await db.query<{ v: string }>(sql, params)).map((r) => r.v).sort();
}

export async function none(db: Db, what: string, sql: string) {
  const rows = await db.query(sql);
  assert.deepEqual(rows, [], `${what}: ${JSON.stringify(rows.slice(0, 3))}`);
}

/** Money and reference invariants that hold for the demo data and the benchmark data alike. */
export async function checkInvariants(db: Db) {
  await none(
    db,
    "a request's live bid flag (sql/0028) differs from its bids",
    `select pr.id from purchase_requests pr where pr.has_live_bid <> exists
       (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled')`,
  );
  await none(
    db,
    "purchase request budget differs from the sum of its items",
    `select r.id from purchase_requests r left join purchase_request_items i on i.purchase_request_id = r.id
     group by r.id having r.estimated_budget <> coalesce(sum(i.quantity * i.estimated_price), 0)`,
  );
  await none(
    db,
    "purchase request without items",
    `select id from purchase_requests r where not exists
     (select 1 from purchase_request_items i where i.purchase_request_id = r.id)`,
  );
  await none(
    db,
    "bid request budget differs from the sum of its items",
    `select b.id from bid_requests b join bid_request_items i on i.bid_request_id = b.id
     group by b.id having b.estimated_budget <> sum(i.quantity * i.estimated_price)`,
  );
  await none(
    db,
    "approvals_required does not follow the threshold",
    `select id from purchase_requests where approvals_required <> case when estimated_budget > 10000 then 2 else 1 end`,
  );
  await none(
    db,
    "quotation line total is not quantity x unit price",
    `select id from quotation_items
     where total_price <> quantity * unit_price or unit_price <= 0`,
  );
  await none(
    db,
    "quotation total differs from its lines",
    `select q.id from quotations q join quotation_items i on i.quotation_id = q.id
     group by q.id having q.total_amount is distinct from sum(i.total_price)`,
  );
  await none(
    db,
    "quotation without lines",
    `select id from quotations q where not exists
     (select 1 from quotation_items i where i.quotation_id = q.id)`,
  );
  await none(
    db,
    "quotation line refers to another request's item",
    `select qi.id from quotation_items qi join quotations q on q.id = qi.quotation_id
     left join purchase_request_items pi on pi.id = qi.purchase_request_item_id
     left join bid_request_items bi on bi.id = qi.bid_request_item_id
     where case when qi.purchase_request_item_id is not null
       then pi.purchase_request_id is distinct from q.purchase_request_id
       else bi.bid_request_id is distinct from q.bid_request_id end`,
  );
  await none(
    db,
    "quotation from a vendor that is not approved",
    `select q.id from quotations q
     join vendor_profiles v on v.user_id = q.vendor_id where v.status <> 'approved'`,
  );
  await none(
    db,
    "quotation on a request that is not active or is internal",
    `select q.id from quotations q join purchase_requests r on r.id = q.purchase_request_id
     where r.status <> 'active' or r.request_type = 'internal'`,
  );
  await none(
    db,
    "sealed quotation or quotation on a still-sealed bid",
    `select q.id from quotations q
     left join bid_requests b on b.id = q.bid_request_id
     where q.sealed or (b.bidding_mode = 'sealed' and b.unsealed_at is null)`,
  );
  await none(
    db,
    "valid_until is not submitted_at + validity_days",
    `select id from quotations
     where valid_until <> submitted_at + make_interval(days => validity_days)`,
  );
  await none(
    db,
    "superseded quotation without a newer current revision",
    `select q.id from quotations q where q.status = 'superseded' and (q.is_current or not exists (
       select 1 from quotations n where n.vendor_id = q.vendor_id and n.is_current and n.revision > q.revision
         and n.purchase_request_id is not distinct from q.purchase_request_id
         and n.bid_request_id is not distinct from q.bid_request_id))`,
  );
  await none(
    db,
    "awarded bid without exactly one approved quotation and a matching purchase order",
    `select b.id from bid_requests b where b.status = 'awarded' and (
       (select count(*) from quotations q where q.bid_request_id = b.id and q.status = 'approved') <> 1
       or not exists (select 1 from purchase_orders po join quotations q on q.id = po.quotation_id
         where po.bid_request_id = b.id and q.status = 'approved' and po.total_amount = q.total_amount
           and po.vendor_id = q.vendor_id))`,
  );
  await none(
    db,
    "quotation of an awarded bid neither approved nor rejected",
    `select q.id from quotations q join bid_requests b on b.id = q.bid_request_id
     where b.status = 'awarded' and q.is_current and q.status not in ('approved', 'rejected')`,
  );
  await none(
    db,
    "document counter behind the numbers in use",
    `select c.prefix from document_counters c where c.last_value < (
       select count(*) from (
         select request_number as n from purchase_requests union all select bid_number from bid_requests
         union all select po_number from purchase_orders) x
       where n like c.prefix || '-' || c.year || '-%')`,
  );
  await none(db, "date order", `select id from purchase_requests where created_at > now() or updated_at < created_at`);
}
