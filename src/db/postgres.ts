import postgres from "postgres";
import type { Db, Queryable } from "./types.ts";
import { arrayLiteral } from "./array-literal.ts";
import { DatabaseUnavailable } from "./errors.ts";
import { type Listener, openListener } from "./listener.ts";

type Sql = postgres.Sql | postgres.TransactionSql | postgres.ReservedSql;

/** How long to wait for the server: connecting, and one statement (server-side, plus a client-side cap). */
export interface PostgresTimeouts {
  connectTimeoutMs?: number;
  /** 0: no limit. */
  statementTimeoutMs?: number;
}
export const DEFAULT_CONNECT_TIMEOUT_MS = 1500;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * A statement that got no answer at all (a hung or paused server does not cancel it) fails after
 * the statement timeout plus a second with DatabaseUnavailable, instead of holding the request.
 */
function capped<T>(p: Promise<T>, ms: number, onTimeout?: (e: Error) => void): Promise<T> {
  if (!ms) return p;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new DatabaseUnavailable();
      onTimeout?.(e);
      reject(e);
    }, ms);
  });
  // Whatever the statement does after we gave up must not become an unhandled rejection.
  p.catch(() => {});
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

// Without parameters postgres.js would use the simple protocol (its `simple` option, not in its
// types): no prepared statement, so no plan kept (a list page 1 has its page size in the text and
// no parameter).
const KEEP_PLAN = { prepare: true, simple: false } as postgres.UnsafeQueryOptions;

function wrap(sql: Sql, capMs = 0, onTimeout?: (e: Error) => void, cachedPlans?: () => Sql): Queryable {
  return {
    async query(text, params, options) {
      // Statements that may keep a plan run on the pool whose connections let them (openPostgres).
      const conn = options?.cachedPlan && cachedPlans ? cachedPlans() : sql;
      // A plain array, as PGlite gives: postgres.js's Result subclass would fail deepEqual against literals.
      // Prepared (named, cached per connection by its text): a statement run before is one write and
      // one round trip (Bind + Execute); unnamed, each one waits for its Parse/Describe answer first
      // (two writes, two round trips: most of the app's CPU on a list request was socket writes).
      const rows = await capped(
        Promise.resolve(
          conn.unsafe(
            text,
            (params ?? []).map(arrayLiteral) as postgres.ParameterOrJSON<never>[],
            options?.cachedPlan ? KEEP_PLAN : { prepare: true },
          ),
        ),
        capMs,
        onTimeout,
      );
      return [...rows] as never;
    },
    async exec(script) {
      // Without parameters postgres.js uses the simple protocol, which accepts several statements.
      await sql.unsafe(script);
    },
    async *cursor(text, params, size) {
      // The statement timeout runs across a suspended portal's batches, so a long export would be
      // cancelled halfway: the cursor runs on a connection of its own with the timeout off.
      const own = "reserve" in sql ? await (sql as postgres.Sql).reserve() : null;
      const conn = own ?? sql;
      try {
        await conn.unsafe(own ? "set statement_timeout = 0" : "set local statement_timeout = 0");
        const rows = conn.unsafe(text, (params ?? []).map(arrayLiteral) as postgres.ParameterOrJSON<never>[]).cursor(
          size,
        );
        for await (const batch of rows) yield [...batch] as never;
      } finally {
        if (own) {
          await own.unsafe("reset statement_timeout").catch(() => {});
          own.release();
        }
      }
    },
  };
}

export function openPostgres(url: string, poolMax: number, timeouts: PostgresTimeouts = {}): Db {
  const connectMs = timeouts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementMs = timeouts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const capMs = statementMs ? statementMs + 1000 : 0;
  const pool = (max: number, planCacheMode: string) =>
    postgres(url, {
      max,
      // Seconds (fractions allowed): an unreachable server fails fast instead of after 30 s.
      connect_timeout: connectMs / 1000,
      onnotice: () => {},
      // Same value shapes as PGlite: int8 as number (ids and counts fit), numeric stays a string.
      types: {
        bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
        // Callers pass JSON text to `$n::jsonb`; without these postgres.js would JSON-encode it again (a jsonb string).
        json: {
          to: 114,
          from: [114],
          serialize: (x: unknown) => (typeof x === "string" ? x : JSON.stringify(x)),
          parse: JSON.parse,
        },
        jsonb: {
          to: 3802,
          from: [3802],
          serialize: (x: unknown) => (typeof x === "string" ? x : JSON.stringify(x)),
          parse: JSON.parse,
        },
      },
      connection: {
        application_name: "procurement",
        plan_cache_mode: planCacheMode,
        ...(statementMs ? { statement_timeout: statementMs } : {}),
      },
    });
  // Prepared statements are still planned for their values on every run, as unnamed ones were: a
  // generic plan would ignore which filters and text a list request has (src/db/where.ts).
  const sql = pool(poolMax, "force_custom_plan");
  // Statements whose text fixes their plan (QueryOptions.cachedPlan: the bid request and quotation
  // list pages) run on connections of their own where PostgreSQL keeps a plan per statement once
  // five runs showed it costs no more than planning each run: planning those pages took about a
  // millisecond of a request's CPU (docs/decisions/016-cached-plans-for-list-pages.md). Opened on first
  // use, half the pool's size.
  let cachedSql: postgres.Sql | undefined;
  const cachedPlans = () => cachedSql ??= pool(Math.max(1, Math.ceil(poolMax / 2)), "auto");
  // NOTIFY followers share one connection of their own, opened on the first listen (src/db/listener.ts).
  let listener: Listener | undefined;
  const db: Db = {
    kind: "postgres",
    ...wrap(sql, capMs, undefined, cachedPlans),
    listen(channel, handlers) {
      listener ??= openListener(url, {
        connect_timeout: connectMs / 1000,
        onnotice: () => {},
        connection: { application_name: "procurement" },
      });
      return listener.listen(channel, handlers);
    },
    tx(fn) {
      // A statement inside that gets no answer ends the transaction's wait too: the rollback
      // would queue behind it on the same connection.
      let giveUp: (e: Error) => void = () => {};
      const gaveUp = new Promise<never>((_, reject) => (giveUp = reject));
      const run = sql.begin((t) => fn(wrap(t, capMs, giveUp)));
      run.catch(() => {});
      return Promise.race([run, gaveUp]) as never;
    },
    async withLock(key, fn) {
      const reserved = await sql.reserve();
      try {
        await reserved.unsafe("select pg_advisory_lock($1)", [key]);
        // Work under the lock (migrations, seeding) may run long: no statement timeout on it.
        await reserved.unsafe("set statement_timeout = 0");
        const conn: Db = {
          kind: "postgres",
          ...wrap(reserved),
          async tx(inner) {
            await reserved.unsafe("begin");
            try {
              const out = await inner(wrap(reserved));
              await reserved.unsafe("commit");
              return out;
            } catch (e) {
              await reserved.unsafe("rollback");
              throw e;
            }
          },
          withLock: (_k, f) => f(conn),
          close: async () => {},
        };
        return await fn(conn);
      } finally {
        await reserved.unsafe("select pg_advisory_unlock($1)", [key]).catch(() => {});
        await reserved.unsafe("reset statement_timeout").catch(() => {});
        reserved.release();
      }
    },
    close: async () => {
      await listener?.close();
      await Promise.all([sql.end({ timeout: 5 }), cachedSql?.end({ timeout: 5 })]);
    },
  };
  return db;
}
