/**
 * The list statements of the bid request, quotation and vendor lists before their pass at scale
 * (commit 9bb3f18), for bench/lists.ts to measure beside the current code: one generic WHERE for
 * every filter combination (`$1 is null or ...`), an exact count of every match, the vendor's own
 * quotations all at once.
 */
import type { Queryable } from "../src/db/types.ts";
import { BID_COLUMNS } from "../src/features/bids/queries.ts";

const BID_ITEMS_JSON = `coalesce((select json_agg(json_build_object('id', i.id, 'itemName', i.name, 'name', i.name,
    'specification', i.specification, 'quantity', i.quantity, 'unit', i.unit, 'estimatedPrice', i.estimated_price::text,
    'categoryId', i.category_id, 'technicalRequirements', i.technical_requirements,
    'evaluationCriteria', i.evaluation_criteria) order by i.position, i.id)
  from bid_request_items i where i.bid_request_id = b.id), '[]'::json) as items`;

export function bidsBefore(db: Queryable, statuses: string[] | null, limit: number, offset: number) {
  return Promise.all([
    db.query(
      `select ${BID_COLUMNS}, ${BID_ITEMS_JSON} from bid_requests b left join categories c on c.id = b.category_id
        where $1::text[] is null or b.status = any($1::text[])
        order by b.created_at desc, b.id desc limit $2 offset $3`,
      [statuses, limit, offset],
    ),
    db.query("select count(*)::int as n from bid_requests b where $1::text[] is null or b.status = any($1::text[])", [
      statuses,
    ]),
  ]);
}

const BID_LOCKED = "(br.bidding_mode = 'sealed' and br.unsealed_at is null)";
const QUOTATION_COLUMNS = `q.id, q.purchase_request_id as "purchaseRequestId", q.bid_request_id as "bidRequestId",
  coalesce(pr.request_number, br.bid_number) as "requestNumber", coalesce(pr.title, br.title) as "purchaseRequestTitle",
  q.vendor_id as "vendorId", vp.company_name as "vendorName", q.submitted_at as "submittedAt", q.status,
  q.total_amount as "totalAmount", q.currency, q.validity_days as "validityDays", q.valid_until as "validUntil",
  q.valid_until < now() as expired, q.lead_time_days as "leadTimeDays", q.notes,
  q.technical_score::float8 as "technicalScore", q.review_comment as "reviewComment", q.revision, q.source,
  q.is_current as "isCurrent",
  coalesce((select json_agg(json_build_object('id', f.id, 'filename', f.filename) order by f.id)
     from quotation_attachments qa join files f on f.id = qa.file_id where qa.quotation_id = q.id), '[]'::json) as attachments,
  coalesce((select json_agg(json_build_object('id', i.id, 'requestItemId',
       coalesce(i.purchase_request_item_id, i.bid_request_item_id), 'name', i.name, 'itemName', i.name,
       'quantity', i.quantity, 'unit', i.unit, 'unitPrice', i.unit_price::text, 'totalPrice', i.total_price::text,
       'notes', i.notes) order by i.id)
     from quotation_items i where i.quotation_id = q.id), '[]'::json) as items`;

export function quotationsBefore(
  db: Queryable,
  f: { status?: string; purchaseRequestId?: number; bidRequestId?: number; limit: number; offset: number },
) {
  const params = [f.status ?? null, f.purchaseRequestId ?? null, f.bidRequestId ?? null];
  const where = `where q.is_current and not q.sealed and not coalesce(${BID_LOCKED}, false)
    and ($1::text is null or q.status = $1) and ($2::int is null or q.purchase_request_id = $2)
    and ($3::int is null or q.bid_request_id = $3)`;
  return Promise.all([
    db.query(
      `select ${QUOTATION_COLUMNS} from quotations q join vendor_profiles vp on vp.user_id = q.vendor_id
         left join purchase_requests pr on pr.id = q.purchase_request_id
         left join bid_requests br on br.id = q.bid_request_id ${where}
        order by q.submitted_at desc, q.id desc limit $4 offset $5`,
      [...params, f.limit, f.offset],
    ),
    db.query(
      `select count(*)::int as n from quotations q left join bid_requests br on br.id = q.bid_request_id ${where}`,
      params,
    ),
  ]);
}

/** Every current quotation of the vendor, with items, attachments and purchase order. */
export function vendorQuotationsBefore(db: Queryable, vendorId: number) {
  return db.query(
    `select q.id, q.purchase_request_id as "purchaseRequestId", q.bid_request_id as "bidRequestId",
        coalesce(pr.request_number, b.bid_number) as "requestNumber", coalesce(pr.title, b.title) as "purchaseRequestTitle",
        q.status, q.is_current as "isCurrent", q.revision, q.sealed, q.sealed_payload as "sealedPayload",
        q.total_amount as "totalAmount", q.validity_days as "validityDays", q.valid_until as "validUntil",
        q.lead_time_days as "leadTimeDays", q.notes, q.submitted_at as "submittedAt", q.source,
        coalesce((select json_agg(json_build_object('id', i.id, 'itemId', coalesce(i.purchase_request_item_id, i.bid_request_item_id),
            'name', i.name, 'quantity', i.quantity, 'unit', i.unit, 'unitPrice', i.unit_price::text, 'totalPrice', i.total_price::text,
            'notes', i.notes) order by i.id) from quotation_items i where i.quotation_id = q.id), '[]'::json) as items,
        coalesce((select json_agg(json_build_object('id', f.id, 'filename', f.filename) order by f.id)
            from quotation_attachments a join files f on f.id = a.file_id where a.quotation_id = q.id), '[]'::json) as attachments,
        (select json_build_object('id', po.id, 'poNumber', po.po_number) from purchase_orders po where po.quotation_id = q.id)
          as "purchaseOrder"
       from quotations q left join purchase_requests pr on pr.id = q.purchase_request_id
       left join bid_requests b on b.id = q.bid_request_id
      where q.vendor_id = $1 and (($2::int is null and q.is_current) or q.id = $2)
      order by q.submitted_at desc, q.id desc`,
    [vendorId, null],
  );
}

/** The application page (no total: the SPA took it from /api/admin/vendor-stats, which counts every vendor). */
export function vendorsBefore(db: Queryable, status: string, limit: number, offset: number) {
  return Promise.all([
    db.query(
      `select u.id, vp.company_name as "companyName", vp.contact_person as "contactPerson",
          u.first_name as "firstName", u.last_name as "lastName", u.email, vp.phone, vp.status, vp.created_at as "createdAt",
          vp.reviewed_at as "reviewedAt", vp.rejection_reason as "rejectionReason",
          coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name))
             from vendor_categories vc join categories c on c.id = vc.category_id where vc.vendor_id = u.id), '[]'::json) as categories,
          case when vp.business_license_file_id is not null then '/api/files/' || vp.business_license_file_id
               else vp.business_license_url end as "businessLicenseUrl",
          vp.business_license_file_id as "businessLicenseFileId", f.filename as "businessLicenseName"
        from vendor_profiles vp join users u on u.id = vp.user_id left join files f on f.id = vp.business_license_file_id
        where vp.status = $1 order by vp.created_at, u.id limit $2 offset $3`,
      [status, limit, offset],
    ),
    db.query(
      `select count(*) filter (where status = 'pending')::int as "pendingVendors",
              count(*) filter (where status = 'approved')::int as "approvedVendors",
              count(*) filter (where status = 'rejected')::int as "rejectedVendors"
         from vendor_profiles`,
    ),
  ]);
}

/**
 * `n` vendors (users and profiles, two categories each) with generate_series, created over the last
 * three years: 10% pending, 80% approved, 10% rejected. The scale seed makes only the demo's few.
 */
export async function addVendors(db: Queryable, n: number) {
  const [{ have }] = await db.query<{ have: number }>(
    "select count(*)::int as have from users where email like 'bench-vendor-%'",
  );
  if (have >= n) return 0;
  await db.query(
    `with u as (
       insert into users (role_id, email, first_name, last_name, phone, created_at)
       select 5, 'bench-vendor-' || g || '@bench.example', 'Bench', 'Vendor ' || g, '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
              now() - (g * interval '15 minutes')
         from generate_series($1::int + 1, $2::int) g
       returning id, created_at)
     insert into vendor_profiles (user_id, company_name, contact_person, phone, status, created_at, updated_at)
     select id, 'Bench Supplies ' || id, 'Contact ' || id, '+1 555 0100',
            case when id % 10 = 0 then 'pending' when id % 10 = 1 then 'rejected' else 'approved' end,
            created_at, created_at
       from u`,
    [have, n],
  );
  await db.query(
    `insert into vendor_categories (vendor_id, category_id)
     select vp.user_id, c.id from vendor_profiles vp
       join lateral (select id from categories order by (id * 7919 + vp.user_id) % 97 limit 2) c on true
      where vp.company_name like 'Bench Supplies %'
     on conflict do nothing`,
  );
  await db.exec("analyze users; analyze vendor_profiles; analyze vendor_categories");
  return n - have;
}
