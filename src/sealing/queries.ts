/** SQL of sealed bids: the sealed columns of quotations (sealed, sealed_payload) and what unsealing writes. */
import type { Queryable } from "../db/types.ts";

/** Every still-sealed quotation of the bid (current and history), locked for unsealing. */
export async function lockSealedQuotations(tx: Queryable, bidId: number) {
  return await tx.query<{ id: number; vendorId: number; revision: number; payload: Uint8Array }>(
    `select id, vendor_id as "vendorId", revision, sealed_payload as payload from quotations
      where bid_request_id = $1 and sealed for update`,
    [bidId],
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
