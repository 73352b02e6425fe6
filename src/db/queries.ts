/** SQL that belongs to no feature: advisory locks for jobs, the readiness ping, whether the database is in use. */
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

/** Whether any user exists: a database with none holds reference data only (seeding, restoring). */
export async function hasUsers(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>("select exists (select 1 from users) as any");
  return row.any;
}
