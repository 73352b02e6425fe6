/**
 * Sealed bids: a quotation for a sealed bid request keeps its items, prices and notes only in an
 * AES-256-GCM payload (and its attachments encrypted) until bidding has closed and an authorised
 * user unseals the bid. The payload is bound to its bid, vendor and revision, so it cannot be moved
 * to another row. Nothing readable about prices is stored in clear while sealed.
 */
import type { Queryable } from "../db/types.ts";
import { decrypt, encrypt } from "../lib/crypto.ts";
import { fileBytes, openSealedFileMeta, rewriteFile } from "../files/storage.ts";
import type { ObjectStore } from "../files/s3.ts";
import { insertQuotationItems, type QuotationItemFields } from "../db/quotation-items.ts";
import { openBidder } from "./bidder.ts";
import * as q from "./queries.ts";

/** A sealed line: a quotation item's fields, keyed by the bid's item it prices. */
export interface SealedItem extends Omit<QuotationItemFields, "itemId"> {
  bidRequestItemId: number;
}

export interface SealedPayload {
  items: SealedItem[];
  totalAmount: string;
  notes: string;
}

export const sealContext = (bidId: number, vendorId: number, revision: number) =>
  `quotation:bid:${bidId}:vendor:${vendorId}:rev:${revision}`;
/** Attachments are bound to their content hash (known before the row exists). */
export const fileContext = (sha256: string) => `file:${sha256}`;

export async function sealPayload(key: Uint8Array, context: string, payload: SealedPayload): Promise<Uint8Array> {
  return await encrypt(key, new TextEncoder().encode(JSON.stringify(payload)), context);
}

export async function openPayload(key: Uint8Array, context: string, blob: Uint8Array): Promise<SealedPayload> {
  return JSON.parse(new TextDecoder().decode(await decrypt(key, blob, context)));
}

/**
 * Unseals every quotation of a bid (current and history) inside the caller's transaction: the
 * payload becomes quotation_items and totals, attachments are decrypted in place.
 */
export async function unsealBidQuotations(
  tx: Queryable,
  key: Uint8Array,
  bidId: number,
  store?: ObjectStore,
): Promise<number> {
  const rows = await q.lockSealedQuotations(tx, bidId);
  for (const r of rows) {
    // Who bid is sealed too (src/sealing/bidder.ts); rows sealed before that keep vendor_id.
    const vendorId = r.vendorId ?? await openBidder(key, bidId, r.vendorTag!, r.sealedVendor!);
    const p = await openPayload(key, sealContext(bidId, vendorId, r.revision), r.payload);
    // The same rows an open bid's submission writes (one statement, src/db/quotation-items.ts).
    await insertQuotationItems(tx, r.id, "bid_request", p.items.map((i) => ({ ...i, itemId: i.bidRequestItemId })));
    await q.markQuotationOpened(tx, r.id, vendorId, p.totalAmount, p.notes);
    const files = await q.encryptedAttachments(tx, r.id);
    for (const f of files) {
      const sealed = await fileBytes(tx, f.id, store);
      if (sealed) await rewriteFile(tx, f.id, await decrypt(key, sealed, fileContext(f.sha256)), false, store);
      await openSealedFileMeta(tx, f.id, key);
    }
  }
  return rows.length;
}
