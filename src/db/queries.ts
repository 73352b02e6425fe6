/** SQL that belongs to no table: advisory locks that make one instance do a round of a job. */
import type { Queryable } from "./types.ts";

/** Takes the transaction-scoped advisory lock `key` if free; false when another instance holds it. */
export async function tryTransactionLock(tx: Queryable, key: number): Promise<boolean> {
  const [{ locked }] = await tx.query<{ locked: boolean }>("select pg_try_advisory_xact_lock($1) as locked", [key]);
  return locked;
}

/** A round trip to the database (readiness, the admin's connection test); throws when it does not answer. */
export async function ping(db: Queryable) {
  await db.query("select 1");
}
