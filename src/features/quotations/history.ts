/** A quotation's readable history, for staff, and only once sealing no longer hides the quotation. */
import { documentHistory } from "../../audit/history.ts";
import type { Queryable } from "../../db/types.ts";
import { Forbidden, NotFound } from "../../lib/errors.ts";
import { SEALED_MESSAGE } from "./award.ts";
import * as q from "./queries.ts";

/** 404 when there is no such quotation, 403 while it or its bid is sealed (as its detail answers). */
export async function quotationHistory(db: Queryable, sealedBidKey: Uint8Array, id: number) {
  const row = await q.getQuotation(db, id);
  if (!row) throw new NotFound("quotations.notFound");
  if (row.sealed || row.bidLocked) throw new Forbidden(SEALED_MESSAGE);
  return await documentHistory(db, sealedBidKey, "quotation", id);
}
