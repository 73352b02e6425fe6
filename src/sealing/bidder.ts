/**
 * Who bid on a sealed bid is sealed too (decision 024). Until unsealing, a sealed quotation row has
 * no vendor_id: it keeps `vendor_tag`, HMAC-SHA256(bid, vendor) under a key derived from the sealed-bid
 * key, and `sealed_vendor`, the vendor id AES-256-GCM encrypted and bound to the tag. The tag keeps
 * one current quotation per vendor per bid (a unique index) and lets the vendor find its own rows;
 * being per bid, it links nothing across bids. Unsealing opens `sealed_vendor`, checks it against the
 * tag and writes vendor_id back.
 */
import { encodeHexLowerCase } from "@oslojs/encoding";
import { hkdfSync } from "node:crypto";
import type { Queryable } from "../db/types.ts";
import { decrypt, encrypt, hmacSha256 } from "../lib/crypto.ts";

/** The tag key, derived from the sealed-bid key (an HMAC key apart from the AES one). */
const tagKeys = new WeakMap<Uint8Array, Uint8Array>();
function tagKey(sealedBidKey: Uint8Array): Uint8Array {
  let k = tagKeys.get(sealedBidKey);
  if (!k) {
    k = new Uint8Array(hkdfSync("sha256", sealedBidKey, new Uint8Array(0), "procurement/v1/sealed-bidders", 32));
    tagKeys.set(sealedBidKey, k);
  }
  return k;
}

/** Tags computed before (a vendor's pages ask for the same ones again); bounded. */
const memo = new Map<string, Uint8Array>();
const MEMO_MAX = 20_000;

/** The vendor's tag on one bid. */
export async function bidderTag(sealedBidKey: Uint8Array, bidId: number, vendorId: number): Promise<Uint8Array> {
  const k = tagKey(sealedBidKey);
  const id = `${encodeHexLowerCase(k.subarray(0, 8))}:${bidId}:${vendorId}`;
  let tag = memo.get(id);
  if (!tag) {
    tag = await hmacSha256(k, `sealed-bidder:bid:${bidId}:vendor:${vendorId}`);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(id, tag);
  }
  return tag;
}

const vendorContext = (bidId: number, tag: Uint8Array) => `quotation-vendor:bid:${bidId}:${encodeHexLowerCase(tag)}`;

/** What a sealed quotation row stores instead of its vendor_id. */
export async function sealBidder(sealedBidKey: Uint8Array, bidId: number, vendorId: number) {
  const tag = await bidderTag(sealedBidKey, bidId, vendorId);
  const sealedVendor = await encrypt(
    sealedBidKey,
    new TextEncoder().encode(String(vendorId)),
    vendorContext(bidId, tag),
  );
  return { tag, sealedVendor };
}

/** The vendor of a sealed row, checked against its tag (a row moved or altered does not open). */
export async function openBidder(
  sealedBidKey: Uint8Array,
  bidId: number,
  tag: Uint8Array,
  sealedVendor: Uint8Array,
): Promise<number> {
  const vendorId = Number(
    new TextDecoder().decode(await decrypt(sealedBidKey, sealedVendor, vendorContext(bidId, tag))),
  );
  const again = await bidderTag(sealedBidKey, bidId, vendorId);
  if (encodeHexLowerCase(again) !== encodeHexLowerCase(tag)) throw new Error("sealed bidder does not match its tag");
  return vendorId;
}

/** Whether the row (vendor_id, or the tag of a sealed one) is this vendor's. */
export async function isBidder(
  sealedBidKey: Uint8Array,
  row: { vendorId: number | null; vendorTag?: Uint8Array | null; bidRequestId: number | null },
  vendorId: number,
): Promise<boolean> {
  if (row.vendorId !== null) return row.vendorId === vendorId;
  if (!row.vendorTag || row.bidRequestId === null) return false;
  const mine = await bidderTag(sealedBidKey, row.bidRequestId, vendorId);
  return encodeHexLowerCase(mine) === encodeHexLowerCase(row.vendorTag);
}

/**
 * The vendor's tags on every bid that has sealed bidders now: what its own lists match sealed rows
 * with (a tag of a bid it did not answer matches nothing). Few: only bids not yet unsealed.
 * `currentOnly`: the bids with current sealed rows, read from their partial index (sql/0036) instead
 * of every quotation, for a caller that matches current rows only (the inbox).
 */
export async function myBidderTags(
  db: Queryable,
  sealedBidKey: Uint8Array,
  vendorId: number,
  { currentOnly = false } = {},
): Promise<string[]> {
  const bids = await db.query<{ id: number }>(
    `select distinct bid_request_id as id from quotations where vendor_tag is not null${
      currentOnly ? " and is_current" : ""
    }`,
  );
  return await Promise.all(bids.map(async (b) => encodeHexLowerCase(await bidderTag(sealedBidKey, b.id, vendorId))));
}

/**
 * SQL of the tags in parameter `n` (hex text: an array of bytea parameters is not sent alike by both
 * drivers), as bytea[] for `vendor_tag = any (...)`, read once per statement; 0: none.
 */
export const tagArray = (n: number) =>
  n === 0 ? "'{}'::bytea[]" : `array(select decode(t, 'hex') from unnest($${n}::text[]) t)`;

export const tagHex = (tag: Uint8Array) => encodeHexLowerCase(tag);

/**
 * Rows sealed before bidders were (vendor_id in clear): given a tag and sealed_vendor, vendor_id
 * cleared. Runs at start-up (after migrations, seeding and restores); does nothing once done.
 */
export async function sealLegacyBidders(db: Queryable, sealedBidKey: Uint8Array): Promise<number> {
  const rows = await db.query<{ id: number; bidId: number; vendorId: number }>(
    `select id, bid_request_id as "bidId", vendor_id as "vendorId" from quotations
      where sealed and vendor_id is not null and bid_request_id is not null`,
  );
  for (const r of rows) {
    const { tag, sealedVendor } = await sealBidder(sealedBidKey, r.bidId, r.vendorId);
    await db.query(
      "update quotations set vendor_id = null, vendor_tag = $2, sealed_vendor = $3 where id = $1 and sealed",
      [r.id, tag, sealedVendor],
    );
  }
  return rows.length;
}

/** The owner of an OCR import for a sealed bid, in place of jobs.created_by (one per vendor). */
export async function readerTag(sealedBidKey: Uint8Array, vendorId: number): Promise<Uint8Array> {
  return await hmacSha256(tagKey(sealedBidKey), `sealed-reader:vendor:${vendorId}`);
}

/** The vendors of a bid's still-sealed quotations, opened by the server (for its emails only). */
export async function sealedBidders(db: Queryable, sealedBidKey: Uint8Array, bidId: number): Promise<number[]> {
  const rows = await db.query<{ tag: Uint8Array; sealedVendor: Uint8Array }>(
    `select vendor_tag as tag, sealed_vendor as "sealedVendor" from quotations
      where bid_request_id = $1 and is_current and vendor_tag is not null`,
    [bidId],
  );
  return await Promise.all(rows.map((r) => openBidder(sealedBidKey, bidId, r.tag, r.sealedVendor)));
}
