/**
 * The vendor's own view of sealed quotations: opened for their owner only (src/sealing), for one
 * quotation or for the sealed rows of a list page; and which request is open to the vendor now.
 */
import type { Context } from "hono";
import type { Queryable } from "../../db/types.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { NotFound } from "../../lib/errors.ts";
import { openPayload, sealContext } from "../../sealing/sealed-quotation.ts";
import { myBidderTags } from "../../sealing/bidder.ts";
import { sealedFileMeta } from "../../files/storage.ts";
import * as q from "./queries.ts";

/** A vendor's view of its quotation: sealed ones are opened for their owner only. */
export async function present(c: Context<AppEnv>, row: q.VendorQuotationRow) {
  const { sealedPayload, ...fields } = row;
  const key = c.get("deps").secrets.sealedBidKey;
  // The owner sees its sealed files' own names (the database has neutral ones until unsealing).
  const attachments = await Promise.all(
    (fields.attachments ?? []).map(async ({ sealedMeta, ...a }) => ({
      ...a,
      filename: (await sealedFileMeta(key, sealedMeta))?.filename ?? a.filename,
    })),
  );
  const rest = { ...fields, attachments };
  if (!row.sealed || !sealedPayload || !row.bidRequestId) return rest;
  const p = await openPayload(key, sealContext(row.bidRequestId, c.get("user")!.id, row.revision), sealedPayload);
  return {
    ...rest,
    totalAmount: p.totalAmount,
    notes: p.notes,
    items: p.items.map((i, n) => ({ id: n + 1, itemId: i.bidRequestItemId, ...i })),
  };
}

/** The vendor's list page (JSON text) with its sealed rows' total, notes and item count opened. */
export async function openSealedRows(c: Context<AppEnv>, body: string) {
  const rows = JSON.parse(body) as { id: number; sealed: boolean; [k: string]: unknown }[];
  const me = c.get("user")!.id;
  const sealed = await q.sealedPayloads(
    c.get("deps").db,
    me,
    rows.filter((r) => r.sealed).map((r) => r.id),
    await myTags(c),
  );
  const opened = new Map(
    await Promise.all(sealed.map(async (s) =>
      [
        s.id,
        await openPayload(
          c.get("deps").secrets.sealedBidKey,
          sealContext(s.bidRequestId, me, s.revision),
          s.sealedPayload,
        ),
      ] as const
    )),
  );
  return JSON.stringify(rows.map((r) => {
    const p = opened.get(r.id);
    return p ? { ...r, totalAmount: p.totalAmount, notes: p.notes, itemCount: p.items.length } : r;
  }));
}

/** The signed-in vendor's bidder tags: how its lists find its sealed quotations (src/sealing/bidder.ts). */
export async function myTags(c: Context<AppEnv>): Promise<string[]> {
  const { db, secrets } = c.get("deps");
  return await myBidderTags(db, secrets.sealedBidKey, c.get("user")!.id);
}

/**
 * The request must be open to this vendor now; returns its items and whether it is a sealed bid.
 * An OCR upload names its request here first and hands the answer to the OCR feature's service
 * (docs/decisions/027-service-layer.md: opportunities calls OCR, never the other way).
 */
export async function openTarget(
  db: Queryable,
  vendorId: number,
  byCategory: boolean,
  t: { kind: "purchase_request" | "bid_request"; id: number },
) {
  const [row] = t.kind === "purchase_request"
    ? await q.matchingPurchaseRequests(db, vendorId, byCategory, t.id)
    : await q.matchingBids(db, vendorId, byCategory, [], t.id);
  if (!row) throw new NotFound("ocr.targetNotOpen");
  const sealed = t.kind === "bid_request" && (row as { biddingMode?: string }).biddingMode === "sealed";
  return { ...t, items: row.items.map((i) => ({ id: i.id, name: i.name, quantity: i.quantity })), sealed };
}
