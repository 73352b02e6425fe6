/**
 * Walks the audit chain in id order and recomputes each hash in SQL (the same function the insert
 * trigger uses). A row altered, removed or inserted out of band breaks the chain at that row.
 */
import type { Queryable } from "../db/types.ts";
import * as q from "./queries.ts";

export interface VerifyResult {
  ok: boolean;
  checked: number;
  firstBadId?: number;
  reason?: string;
}

export async function verifyAuditChain(db: Queryable, pageSize = 5000): Promise<VerifyResult> {
  let prev = "";
  let after = 0;
  let checked = 0;
  while (true) {
    const rows = await q.chainPage(db, after, pageSize);
    for (const r of rows) {
      if (r.prev_hash !== prev) {
        return { ok: false, checked, firstBadId: r.id, reason: "chain broken (previous hash differs)" };
      }
      if (r.computed !== r.hash) {
        return { ok: false, checked, firstBadId: r.id, reason: "row content does not match its hash" };
      }
      prev = r.hash;
      after = r.id;
      checked++;
    }
    if (rows.length < pageSize) return { ok: true, checked };
  }
}
