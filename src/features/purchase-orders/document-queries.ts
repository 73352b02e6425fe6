/** SQL of the purchase order document: the order, its vendor, its lines and who awarded it. */
import { SOURCE_COLUMNS } from "./queries.ts";
import type { Queryable } from "../../db/types.ts";

export interface DocumentOrder {
  id: number;
  poNumber: string;
  createdAt: Date;
  status: string;
  totalAmount: string;
  currency: string;
  requestedDeliveryDate: string | null;
  requestNumber: string | null;
  requestTitle: string | null;
  quotationId: number;
  leadTimeDays: number | null;
  vendor: { companyName: string; contactPerson: string; email: string; phone: string; language: string };
  /** Who awarded the order (the award's author, else the order's creator). */
  approverName: string;
  /** Sum of the line totals, exact (numeric in SQL, a string here). */
  subtotal: string;
}

export interface DocumentLine {
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
}

export async function documentOrder(db: Queryable, id: number): Promise<DocumentOrder | undefined> {
  return (await db.query<DocumentOrder>(
    `select po.id, po.po_number as "poNumber", po.created_at as "createdAt", po.status,
            po.total_amount::text as "totalAmount", po.currency,
            to_char(po.requested_delivery_date, 'YYYY-MM-DD') as "requestedDeliveryDate",
            ${SOURCE_COLUMNS},
            po.quotation_id as "quotationId", q.lead_time_days as "leadTimeDays",
            json_build_object('companyName', vp.company_name, 'contactPerson', vp.contact_person, 'email', vu.email,
              'phone', vp.phone, 'language', vu.language) as vendor,
            coalesce(nullif(btrim(aw.first_name || ' ' || aw.last_name), ''), aw.email,
              nullif(btrim(cu.first_name || ' ' || cu.last_name), ''), cu.email) as "approverName",
            (select coalesce(sum(qi.total_price), 0)::numeric(14, 2)::text from quotation_items qi
              where qi.quotation_id = po.quotation_id) as subtotal
       from purchase_orders po
       join vendor_profiles vp on vp.user_id = po.vendor_id
       join users vu on vu.id = po.vendor_id
       join users cu on cu.id = po.created_by
       join quotations q on q.id = po.quotation_id
       left join awards a on a.purchase_order_id = po.id
       left join users aw on aw.id = a.awarded_by
       left join purchase_requests pr on pr.id = po.purchase_request_id
       left join bid_requests br on br.id = po.bid_request_id
      where po.id = $1`,
    [id],
  ))[0];
}

export async function documentLines(db: Queryable, quotationId: number): Promise<DocumentLine[]> {
  return await db.query<DocumentLine>(
    `select name, quantity, unit, unit_price::text as "unitPrice", total_price::text as "totalPrice"
       from quotation_items where quotation_id = $1 order by id`,
    [quotationId],
  );
}
