/** SQL of sealed bids: the sealed columns of quotations (sealed, sealed_payload) and what unsealing writes. */
import type { Queryable } from "../db/types.ts";
import type { SealedItem } from "./sealed-quotation.ts";

/** Every still-sealed quotation of the bid (current and history), locked for unsealing. */
export async function lockSealedQuotations(tx: Queryable, bidId: number) {
  return await tx.query<{ id: number; vendorId: number; revision: number; payload: Uint8Array }>(
    `select id, vendor_id as "vendorId", revision, sealed_payload as payload from quotations
      where bid_request_id = $1 and sealed for update`,
    [bidId],
  );
}

/** The opened payload's items as the quotation's rows. */
export async function insertOpenedItems(tx: Queryable, quotationId: number, items: SealedItem[]) {
  await tx.query(
    `insert into quotation_items (quotation_id, bid_request_item_id, name, quantity, unit, unit_price, total_price, notes)
     select $1, t.item, t.name, t.qty, t.unit, t.price::numeric, t.total::numeric, t.notes
       from unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[])
         as t(item, name, qty, unit, price, total, notes)`,
    [
      quotationId,
      items.map((i) => i.bidRequestItemId),
      items.map((i) => i.name),
      items.map((i) => i.quantity),
      items.map((i) => i.unit),
      items.map((i) => i.unitPrice),
      items.map((i) => i.totalPrice),
      items.map((i) => i.notes),
    ],
  );
}

export async function markQuotationOpened(tx: Queryable, quotationId: number, totalAmount: string, notes: string) {
  await tx.query(
    `update quotations set sealed = false, sealed_payload = null, total_amount = $2::numeric, notes = $3, updated_at = now()
      where id = $1`,
    [quotationId, totalAmount, notes || null],
  );
}

/** The quotation's attachments still stored encrypted. */
export async function encryptedAttachments(tx: Queryable, quotationId: number) {
  return await tx.query<{ id: number; sha256: string }>(
    `select f.id, f.sha256 from files f join quotation_attachments a on a.file_id = f.id
      where a.quotation_id = $1 and f.encrypted`,
    [quotationId],
  );
}
