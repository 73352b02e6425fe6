import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Db, Queryable } from "./types.ts";

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query(text, params) {
      const r = await q.query(text, params as unknown[] | undefined);
      return r.rows as never;
    },
    async exec(script) {
      await q.exec(script);
    },
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  return pgliteDb(await createPglite(dataDir));
}

/** A raw PGlite with the extensions the migrations use (pg_trgm backs text search, sql/0002). */
export function createPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm } });
}

/** The Db interface over an open PGlite (tests wrap clones of a migrated template with it). */
export function pgliteDb(pg: PGlite): Db {
  // PGlite is one connection: transactions are serialised by PGlite itself, and a lock is trivially held.
  const db: Db = {
    kind: "pglite",
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    withLock: (_key, fn) => fn(db),
    close: () => pg.close(),
  };
  return db;
}
