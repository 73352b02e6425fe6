/** SQL of the readable history: a document's audit entries and the numbers and names behind ids. */
import type { Queryable } from "../db/types.ts";

export interface HistoryRow {
  id: number;
  at: Date;
  action: string;
  entityType: string;
  entityId: string | null;
  metadata: unknown;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
}

/** One document's entries, oldest first (sql/0039_audit_entity_index.sql keeps this off a scan). */
export async function documentEntries(db: Queryable, entityType: string, entityId: number) {
  return await db.query<HistoryRow>(
    `select a.id::int as id, a.created_at as at, a.action, a.entity_type as "entityType", a.entity_id as "entityId",
        a.metadata, a.user_id as "userId", nullif(btrim(u.first_name || ' ' || u.last_name), '') as "userName",
        u.email as "userEmail"
       from audit_logs a left join users u on u.id = a.user_id
      where a.entity_type = $1 and a.entity_id = $2::text
      order by a.id`,
    [entityType, entityId],
  );
}

export interface ResolvedEntity {
  id: number;
  number: string | null;
  title: string | null;
  /** Purchase orders and quotations: the currency of their amounts. */
  currency?: string;
}

/**
 * Number and name of each id, per kind. A quotation is named by its request's number and its vendor,
 * the vendor only once sealing no longer hides who bid (an unsealed bid, or one that was never sealed).
 */
const RESOLVE: Record<string, string> = {
  purchase_request: "select id, request_number as number, title from purchase_requests where id = any($1::int[])",
  bid_request: "select id, bid_number as number, title from bid_requests where id = any($1::int[])",
  purchase_order: `select po.id, po.po_number as number, vp.company_name as title, po.currency
      from purchase_orders po left join vendor_profiles vp on vp.user_id = po.vendor_id where po.id = any($1::int[])`,
  quotation: `select q.id, coalesce(pr.request_number, br.bid_number) as number, q.currency,
        case when q.sealed and (br.bidding_mode = 'sealed' and br.unsealed_at is null) then null
             else vp.company_name end as title
      from quotations q left join purchase_requests pr on pr.id = q.purchase_request_id
        left join bid_requests br on br.id = q.bid_request_id
        left join vendor_profiles vp on vp.user_id = q.vendor_id
     where q.id = any($1::int[])`,
  user: `select id, null as number, coalesce(nullif(btrim(first_name || ' ' || last_name), ''), email) as title
      from users where id = any($1::int[])`,
  vendor: `select vp.user_id as id, null as number, vp.company_name as title
      from vendor_profiles vp where vp.user_id = any($1::int[])`,
  category: "select id, null as number, name as title from categories where id = any($1::int[])",
};

export const RESOLVABLE_KINDS = Object.keys(RESOLVE);

export async function resolveIds(db: Queryable, kind: string, ids: number[]): Promise<ResolvedEntity[]> {
  const sql = RESOLVE[kind];
  if (!sql || !ids.length) return [];
  return await db.query<ResolvedEntity>(sql, [ids]);
}
