/**
 * Fixtures of the budget tests: requests inserted pending (the approval under test runs through the
 * API), a vendor's quotation to award, receipts and order cancellation written as the purchase
 * order service writes them.
 */
import type { Queryable } from "../../src/db/types.ts";
import type { Session } from "../helpers/users.ts";

const YEAR = new Date().getUTCFullYear();
let seq = 0;

export interface Need {
  id: number;
  itemId: number;
  quantity: number;
}

/** A pending request of one item line: quantity × price = its estimate. */
export async function pendingRequest(
  db: Queryable,
  by: Session,
  o: { department: string; categoryId: number | null; quantity: number; price: string },
): Promise<Need> {
  const n = ++seq + Math.floor(Math.random() * 100_000) * 1000;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, department, category_id, deadline,
        estimated_budget, created_by)
     values ($1, $2, 'pending', 'vendor_quote', $3, $4, now() + interval '14 days', ($5::numeric * $6::numeric), $7)
     returning id`,
    [
      `PR-${YEAR}-${String(n).padStart(8, "0")}`,
      `Need ${n}`,
      o.department,
      o.categoryId,
      o.quantity,
      o.price,
      by.user.id,
    ],
  );
  const [item] = await db.query<{ id: number }>(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, estimated_price, category_id)
     values ($1, 0, 'Thing', $2, 'pcs', $3::numeric, $4) returning id`,
    [id, o.quantity, o.price, o.categoryId],
  );
  return { id, itemId: item.id, quantity: o.quantity };
}

/** A vendor's current quotation for the whole quantity at `price` per unit. */
export async function quote(db: Queryable, vendor: Session, need: Need, price: string): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, 'submitted', true, $3::numeric * $4::numeric, now() + interval '30 days') returning id`,
    [vendor.user.id, need.id, need.quantity, price],
  );
  await db.query(
    `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
     values ($1, $2, 'Thing', $3::int, 'pcs', $4::numeric, $3::int * $4::numeric)`,
    [id, need.itemId, need.quantity, price],
  );
  return id;
}

/** A goods receipt of `quantity` on the order's (only) line, as the purchase order service records it. */
export async function receive(db: Queryable, poId: number, quantity: string | number, reason: string | null = null) {
  const [{ id }] = await db.query<{ id: number }>(
    "insert into goods_receipts (purchase_order_id) values ($1) returning id",
    [poId],
  );
  await db.query(
    `insert into goods_receipt_lines (goods_receipt_id, quotation_item_id, quantity, over_receipt_reason)
     select $1, qi.id, $2::numeric, $3 from purchase_orders po join quotation_items qi on qi.quotation_id = po.quotation_id
      where po.id = $4`,
    [id, String(quantity), reason, poId],
  );
  const [{ ordered, received }] = await db.query<{ ordered: string; received: string }>(
    `select sum(qi.quantity)::text as ordered,
        (select coalesce(sum(l.quantity), 0) from goods_receipt_lines l join goods_receipts g on g.id = l.goods_receipt_id
          where g.purchase_order_id = $1)::text as received
       from purchase_orders po join quotation_items qi on qi.quotation_id = po.quotation_id where po.id = $1`,
    [poId],
  );
  await db.query("update purchase_orders set status = $2 where id = $1 and status <> $2", [
    poId,
    Number(received) >= Number(ordered) ? "received" : "partially_received",
  ]);
}

export async function cancelOrder(db: Queryable, poId: number) {
  await db.query(
    "update purchase_orders set status = 'cancelled', cancelled_at = now(), cancelled_reason = 'test' where id = $1",
    [poId],
  );
}

export async function closeOrder(db: Queryable, poId: number) {
  await db.query("update purchase_orders set status = 'closed', closed_at = now() where id = $1", [poId]);
}
