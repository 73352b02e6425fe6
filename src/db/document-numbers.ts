import type { Queryable } from "./types.ts";

/** Next human number for a document kind and year: PR-2026-0001. Unique; gaps possible after rollbacks. */
export async function nextDocumentNumber(tx: Queryable, prefix: "PR" | "BR" | "PO", at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  const rows = await tx.query<{ n: number }>(
    `insert into document_counters (prefix, year, last_value) values ($1, $2, 1)
     on conflict (prefix, year) do update set last_value = document_counters.last_value + 1
     returning last_value as n`,
    [prefix, year],
  );
  return `${prefix}-${year}-${String(rows[0].n).padStart(4, "0")}`;
}
