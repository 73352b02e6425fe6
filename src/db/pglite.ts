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

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests). A database on disk (the
 * server's) gets the upkeep autovacuum would do (startPgliteMaintenance), stopped by close().
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const db = pgliteDb(await createPglite(dataDir));
  if (dataDir === undefined) return db;
  const stop = startPgliteMaintenance(db);
  return { ...db, close: () => (stop(), db.close()) };
}

/** Tables whose rows changed since their last analyze by more than this share (autovacuum's default) plus 50. */
const CHANGED_SHARE = 0.1;

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum, so the planner's statistics and
 * the visibility maps are whatever the migrations and the seed left, however much the tables grow
 * (a list planned for an empty table, every index-only scan fetching each row from the heap). This
 * does what autovacuum would: each table changed by more than 10% (+ 50 rows) since its last
 * analyze is vacuumed and analysed, one table per statement, so no single statement holds the one
 * connection for long; run once shortly after start and then every `intervalMs`.
 */
export async function maintainPglite(db: Queryable): Promise<string[]> {
  // Single-user PostgreSQL keeps its table counters pending until told to flush them (at the end
  // of the next statement): without this the counts below stay at zero.
  await db.query("select pg_stat_force_next_flush()");
  const due = await db.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
      where n_mod_since_analyze > 50 + $1::float8 * greatest(n_live_tup, 0)
         or (last_analyze is null and last_autoanalyze is null and n_live_tup > 0)
      order by relname`,
    [CHANGED_SHARE],
  );
  for (const { name } of due) await db.exec(`vacuum (analyze) ${name}`);
  return due.map((d) => d.name);
}

export function startPgliteMaintenance(db: Queryable, intervalMs = 60_000, firstMs = 5_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await maintainPglite(db);
    } catch {
      // Upkeep only: a failure (closing, a busy table) is retried at the next tick.
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, firstMs);
  const every = setInterval(tick, intervalMs);
  Deno.unrefTimer(first);
  Deno.unrefTimer(every);
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/**
 * A raw PGlite with the extensions the migrations use (pg_trgm backs text search, sql/0002).
 * `loadDataDir` starts it from a dumped data directory (the tests' pre-migrated image).
 */
export function createPglite(dataDir?: string, opts: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm }, ...opts });
}

/** The Db interface over an open PGlite (tests wrap clones of a migrated template with it). */
export function pgliteDb(pg: PGlite): Db {
  // PGlite is one connection: transactions are serialised by PGlite itself, and a lock is trivially held.
  const db: Db = {
    kind: "pglite",
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    withLock: (_key, fn) => fn(db),
    // One in-process connection: it is never lost, so `down` is never called.
    listen(channel, handlers) {
      let stopped = false;
      const stop = pg.listen(channel, (payload) => handlers.notify(payload)).then((unlisten) => {
        if (!stopped) handlers.up();
        return unlisten;
      });
      stop.catch(() => {});
      return () => {
        stopped = true;
        void stop.then((unlisten) => unlisten()).catch(() => {});
      };
    },
    close: () => pg.close(),
  };
  return db;
}
