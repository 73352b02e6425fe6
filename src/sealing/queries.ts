/** SQL of sealed bids: the sealed columns of quotations (sealed, sealed_payload) and what unsealing writes. */
import type { Queryable } from "../db/types.ts";

/** Every still-sealed quotation of the bid (current and history), locked for unsealing. */
export async function lockSealedQuotations(tx: Queryable, bidId: number) {
  return await tx.query<{
    id: number;
    vendorId: number | null;
    vendorTag: Uint8Array | null;
    sealedVendor: Uint8Array | null;
    revision: number;
    payload: Uint8Array;
  }>(
    `select id, vendor_id as "vendorId", vendor_tag as "vendorTag", sealed_vendor as "sealedVendor", revision,
        sealed_payload as payload from quotations
      where bid_request_id = $1 and sealed order by id for update`,
    [bidId],
  );
}

/** The opened quotation: its amounts and its vendor in clear, the sealed columns gone. */
export async function markQuotationOpened(
  tx: Queryable,
  quotationId: number,
  vendorId: number,
  totalAmount: string,
  notes: string,
) {
  await tx.query(
    `update quotations set sealed = false, sealed_payload = null, vendor_id = $2, vendor_tag = null,
        sealed_vendor = null, total_amount = $3::numeric, notes = $4, updated_at = now()
      where id = $1`,
    [quotationId, vendorId, totalAmount, notes || null],
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
