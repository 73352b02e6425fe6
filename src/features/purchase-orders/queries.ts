/** SQL of the purchase order register, its lifecycle and goods receipts (sql/0001, 0006, 0013). */
import type { Queryable } from "../../db/types.ts";
import { where } from "../../db/where.ts";
import type { PurchaseOrderListQuery, PurchaseOrderStatus } from "../../shared/schemas/purchase-orders.ts";

/**
 * The order's source document: the bid it was awarded on, else the purchase request (a request
 * converted into a bid has both; the page and the PDF name the same one).
 */
export const SOURCE_COLUMNS =
  `coalesce(br.bid_number, pr.request_number) as "requestNumber", coalesce(br.title, pr.title) as "requestTitle"`;

const PO_COLUMNS = `po.id, po.po_number as "poNumber", po.quotation_id as "quotationId", po.vendor_id as "vendorId",
  vp.company_name as "vendorName", po.purchase_request_id as "purchaseRequestId", po.bid_request_id as "bidRequestId",
  ${SOURCE_COLUMNS},
  po.total_amount::text as "totalAmount", po.currency, po.status, po.created_at as "createdAt",
  po.acknowledged_at as "acknowledgedAt", to_char(po.promised_delivery_date, 'YYYY-MM-DD') as "promisedDeliveryDate",
  to_char(po.requested_delivery_date, 'YYYY-MM-DD') as "requestedDeliveryDate", po.declined_at as "declinedAt",
  po.declined_reason as "declinedReason", po.cancelled_at as "cancelledAt", po.cancelled_reason as "cancelledReason",
  po.closed_at as "closedAt", po.version, po.updated_at as "updatedAt",
  json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name)) as "createdBy"`;
const PO_FROM = `from purchase_orders po join vendor_profiles vp on vp.user_id = po.vendor_id
  join users u on u.id = po.created_by
  left join purchase_requests pr on pr.id = po.purchase_request_id
  left join bid_requests br on br.id = po.bid_request_id`;

export interface PurchaseOrderRow {
  id: number;
  poNumber: string;
  quotationId: number;
  vendorId: number;
  vendorName: string;
  purchaseRequestId: number | null;
  bidRequestId: number | null;
  requestNumber: string;
  requestTitle: string;
  totalAmount: string;
  currency: string;
  status: PurchaseOrderStatus;
  createdAt: Date;
  acknowledgedAt: Date | null;
  promisedDeliveryDate: string | null;
  requestedDeliveryDate: string | null;
  declinedAt: Date | null;
  declinedReason: string | null;
  cancelledAt: Date | null;
  cancelledReason: string | null;
  closedAt: Date | null;
  version: number;
  updatedAt: Date;
  createdBy: { id: number; name: string };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function listWhere(f: PurchaseOrderListQuery & { ownVendorId?: number }) {
  const w = where([
    ["po.vendor_id = ?", f.ownVendorId],
    ["po.vendor_id = ?", f.vendorId],
    ["po.status = ?", f.status],
    ["po.purchase_request_id = ?", f.purchaseRequestId],
    ["po.bid_request_id = ?", f.bidRequestId],
    // Calendar days of the organisation are close enough to UTC days for a register filter.
    ["po.created_at >= ?::date", f.from],
    ["po.created_at < ?::date + 1", f.to],
    ["po.total_amount >= ?::numeric", f.minAmount],
    ["po.total_amount <= ?::numeric", f.maxAmount],
  ]);
  if (!f.search) return w;
  const n = `$${w.next}`;
  const cond = `(po.po_number ilike ${n} or vp.company_name ilike ${n} or coalesce(br.title, pr.title) ilike ${n})`;
  return {
    sql: w.sql ? `${w.sql} and ${cond}` : `where ${cond}`,
    params: [...w.params, `%${escapeLike(f.search)}%`],
    next: w.next + 1,
  };
}

/** A page of the register and the count of the filter. */
export async function listPurchaseOrders(db: Queryable, f: PurchaseOrderListQuery & { ownVendorId?: number }) {
  const w = listWhere(f);
  const [items, total] = await Promise.all([
    db.query<PurchaseOrderRow>(
      `select ${PO_COLUMNS} ${PO_FROM} ${w.sql} order by po.created_at desc, po.id desc
        limit $${w.next} offset $${w.next + 1}`,
      [...w.params, f.limit, f.offset],
    ),
    db.query<{ n: number }>(`select count(*)::int as n ${PO_FROM} ${w.sql}`, w.params),
  ]);
  return { items, total: total[0].n };
}

/** Sum of the filter's orders per currency (exact: numeric in SQL, strings out). */
export async function purchaseOrderTotals(db: Queryable, f: PurchaseOrderListQuery & { ownVendorId?: number }) {
  const w = listWhere(f);
  return await db.query<{ currency: string; count: number; amount: string }>(
    `select po.currency, count(*)::int as count, sum(po.total_amount)::text as amount ${PO_FROM} ${w.sql}
      group by po.currency order by po.currency`,
    w.params,
  );
}

/** The vendors that hold orders (the register's vendor filter). */
export async function purchaseOrderVendors(db: Queryable, ownVendorId?: number) {
  return await db.query<{ id: number; name: string }>(
    `select vp.user_id as id, vp.company_name as name from vendor_profiles vp
      where exists (select 1 from purchase_orders po where po.vendor_id = vp.user_id)
        and ($1::int is null or vp.user_id = $1)
      order by vp.company_name, vp.user_id`,
    [ownVendorId ?? null],
  );
}

export async function getPurchaseOrder(db: Queryable, id: number) {
  return (await db.query<
    PurchaseOrderRow & {
      vendor: { companyName: string; contactPerson: string; email: string; phone: string };
      validUntil: Date;
      leadTimeDays: number | null;
      requestCreatedBy: number | null;
      award: { justification: string; awardedAt: Date; awardedBy: string | null } | null;
    }
  >(
    `select ${PO_COLUMNS},
        json_build_object('companyName', vp.company_name, 'contactPerson', vp.contact_person, 'email', vu.email,
          'phone', vp.phone) as vendor,
        q.valid_until as "validUntil", q.lead_time_days as "leadTimeDays",
        coalesce(pr.created_by, br.created_by) as "requestCreatedBy",
        (select json_build_object('justification', a.justification, 'awardedAt', a.created_at,
            'awardedBy', (select btrim(au.first_name || ' ' || au.last_name) from users au where au.id = a.awarded_by))
           from awards a where a.purchase_order_id = po.id) as award
       ${PO_FROM} join users vu on vu.id = po.vendor_id join quotations q on q.id = po.quotation_id
      where po.id = $1`,
    [id],
  ))[0];
}

export interface PurchaseOrderLine {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
  received: string;
}

/** The order's lines (its quotation's items) with the quantity received so far. */
export async function purchaseOrderLines(db: Queryable, quotationId: number) {
  return await db.query<PurchaseOrderLine>(
    `select qi.id, qi.name, qi.quantity, qi.unit, qi.unit_price::text as "unitPrice", qi.total_price::text as "totalPrice",
        trim_scale(coalesce((select sum(l.quantity) from goods_receipt_lines l where l.quotation_item_id = qi.id), 0))
          ::text as received
       from quotation_items qi where qi.quotation_id = $1 order by qi.id`,
    [quotationId],
  );
}

export async function purchaseOrderReceipts(db: Queryable, poId: number) {
  return await db.query<{
    id: number;
    receivedAt: Date;
    receivedBy: { id: number; name: string } | null;
    notes: string;
    deliveryNote: { id: number; filename: string } | null;
    lines: { quotationItemId: number; name: string; quantity: string; overReceiptReason: string | null }[];
  }>(
    `select gr.id, gr.received_at as "receivedAt",
        case when u.id is null then null
          else json_build_object('id', u.id, 'name', btrim(u.first_name || ' ' || u.last_name)) end as "receivedBy",
        gr.notes,
        case when f.id is null then null else json_build_object('id', f.id, 'filename', f.filename) end
          as "deliveryNote",
        (select json_agg(json_build_object('quotationItemId', l.quotation_item_id, 'name', qi.name,
            'quantity', trim_scale(l.quantity)::text, 'overReceiptReason', l.over_receipt_reason) order by qi.id)
           from goods_receipt_lines l join quotation_items qi on qi.id = l.quotation_item_id
          where l.goods_receipt_id = gr.id) as lines
       from goods_receipts gr
       left join users u on u.id = gr.received_by
       left join files f on f.id = gr.delivery_note_file_id
      where gr.purchase_order_id = $1
      order by gr.received_at, gr.id`,
    [poId],
  );
}

/** The order's audit entries, oldest first: its history. */
export async function purchaseOrderHistory(db: Queryable, poId: number) {
  return await db.query<
    { id: number; action: string; createdAt: Date; user: string | null; metadata: Record<string, unknown> }
  >(
    `select a.id::int as id, a.action, a.created_at as "createdAt",
        (select btrim(u.first_name || ' ' || u.last_name) from users u where u.id = a.user_id) as user,
        a.metadata
       from audit_logs a
      where a.entity_type = 'purchase_order' and a.entity_id = $1::text
      order by a.created_at, a.id`,
    [poId],
  );
}

/** Locks the order row: every change to an order (and every receipt) runs after this, one at a time. */
export async function lockPurchaseOrder(tx: Queryable, id: number) {
  return (await tx.query<{
    id: number;
    poNumber: string;
    status: PurchaseOrderStatus;
    vendorId: number;
    quotationId: number;
    version: number;
    promisedDeliveryDate: string | null;
    requestedDeliveryDate: string | null;
    purchaseRequestId: number | null;
    bidRequestId: number | null;
    totalAmount: string;
    currency: string;
  }>(
    `select id, po_number as "poNumber", status, vendor_id as "vendorId", quotation_id as "quotationId", version,
        to_char(promised_delivery_date, 'YYYY-MM-DD') as "promisedDeliveryDate",
        to_char(requested_delivery_date, 'YYYY-MM-DD') as "requestedDeliveryDate",
        purchase_request_id as "purchaseRequestId", bid_request_id as "bidRequestId",
        total_amount::text as "totalAmount", currency
       from purchase_orders where id = $1 for update`,
    [id],
  ))[0];
}

export type LockedPurchaseOrder = NonNullable<Awaited<ReturnType<typeof lockPurchaseOrder>>>;

/** Sets the status and the fields that go with it; bumps the version. */
export async function updatePurchaseOrder(
  tx: Queryable,
  id: number,
  set: {
    status?: PurchaseOrderStatus;
    acknowledged?: boolean;
    promisedDeliveryDate?: string | null;
    declinedReason?: string;
    cancelledReason?: string;
    cancelledBy?: number;
    closed?: boolean;
    requestedDeliveryDate?: string | null;
  },
) {
  await tx.query(
    `update purchase_orders set
        status = coalesce($2, status),
        acknowledged_at = case when $3::boolean then now() else acknowledged_at end,
        promised_delivery_date = case when $4::boolean then $5::date else promised_delivery_date end,
        declined_reason = coalesce($6, declined_reason),
        declined_at = case when $6::text is not null then now() else declined_at end,
        cancelled_reason = coalesce($7, cancelled_reason),
        cancelled_at = case when $7::text is not null then now() else cancelled_at end,
        cancelled_by = coalesce($8, cancelled_by),
        closed_at = case when $9::boolean then now() else closed_at end,
        requested_delivery_date = case when $10::boolean then $11::date else requested_delivery_date end,
        version = version + 1,
        updated_at = now()
      where id = $1`,
    [
      id,
      set.status ?? null,
      !!set.acknowledged,
      set.promisedDeliveryDate !== undefined,
      set.promisedDeliveryDate ?? null,
      set.declinedReason ?? null,
      set.cancelledReason ?? null,
      set.cancelledBy ?? null,
      !!set.closed,
      set.requestedDeliveryDate !== undefined,
      set.requestedDeliveryDate ?? null,
    ],
  );
}

/** Ordered and received quantity of every line (read under the order's lock). */
export async function lineQuantities(tx: Queryable, quotationId: number) {
  return await tx.query<{ id: number; name: string; quantity: number; received: string }>(
    `select qi.id, qi.name, qi.quantity,
        coalesce((select sum(l.quantity) from goods_receipt_lines l where l.quotation_item_id = qi.id), 0)::text
          as received
       from quotation_items qi where qi.quotation_id = $1 order by qi.id`,
    [quotationId],
  );
}

export async function insertReceipt(
  tx: Queryable,
  r: { purchaseOrderId: number; receivedAt: Date | null; receivedBy: number; notes: string; fileId: number | null },
) {
  return (await tx.query<{ id: number; receivedAt: Date }>(
    `insert into goods_receipts (purchase_order_id, received_at, received_by, notes, delivery_note_file_id)
     values ($1, coalesce($2::timestamptz, now()), $3, $4, $5) returning id, received_at as "receivedAt"`,
    [r.purchaseOrderId, r.receivedAt, r.receivedBy, r.notes, r.fileId],
  ))[0];
}

export async function insertReceiptLine(
  tx: Queryable,
  l: { receiptId: number; quotationItemId: number; quantity: string; overReceiptReason: string | null },
) {
  await tx.query(
    `insert into goods_receipt_lines (goods_receipt_id, quotation_item_id, quantity, over_receipt_reason)
     values ($1, $2, $3::numeric, $4)`,
    [l.receiptId, l.quotationItemId, l.quantity, l.overReceiptReason],
  );
}

/** Email addresses to tell about an order: the request's author, the purchase team and managers (active). */
export async function staffRecipients(tx: Queryable, requestAuthorId: number | null) {
  return await tx.query<{ email: string }>(
    `select u.email from users u join roles r on r.id = u.role_id
      where u.is_active and (u.id = $1 or r.name in ('purchase_team', 'procurement_manager'))
      order by u.id`,
    [requestAuthorId],
  );
}

export async function requestAuthor(
  tx: Queryable,
  po: { purchaseRequestId: number | null; bidRequestId: number | null },
) {
  return (await tx.query<{ id: number; email: string; title: string; number: string }>(
    `select u.id, u.email, coalesce(br.title, pr.title) as title, coalesce(br.bid_number, pr.request_number) as number
       from (select 1) one
       left join bid_requests br on br.id = $2
       left join purchase_requests pr on pr.id = $1
       join users u on u.id = coalesce(pr.created_by, br.created_by)`,
    [po.purchaseRequestId, po.bidRequestId],
  ))[0];
}

/** The date the request asked for: a bid's project deadline, else the purchase request's deadline. */
export async function setRequestedDeliveryFromRequest(tx: Queryable, poId: number) {
  await tx.query(
    `update purchase_orders po
        set requested_delivery_date = coalesce(
          (select br.deadline from bid_requests br where br.id = po.bid_request_id),
          (select pr.deadline from purchase_requests pr where pr.id = po.purchase_request_id))::date
      where po.id = $1 and po.requested_delivery_date is null`,
    [poId],
  );
}

/** Who issued the order (awarded it). */
export async function issuedBy(tx: Queryable, poId: number) {
  return (await tx.query<{ id: number }>("select created_by as id from purchase_orders where id = $1", [poId]))[0]?.id;
}
