import postgres from "postgres";
import type { Db, Queryable } from "./types.ts";

type Sql = postgres.Sql | postgres.TransactionSql | postgres.ReservedSql;

function wrap(sql: Sql): Queryable {
  return {
    async query(text, params) {
      // A plain array, as PGlite gives: postgres.js's Result subclass would fail deepEqual against literals.
      return [...await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])] as never;
    },
    async exec(script) {
      // Without parameters postgres.js uses the simple protocol, which accepts several statements.
      await sql.unsafe(script);
    },
  };
}

export function openPostgres(url: string, poolMax: number): Db {
  const sql = postgres(url, {
    max: poolMax,
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
    connection: { application_name: "procurement" },
  });
  const db: Db = {
    kind: "postgres",
    ...wrap(sql),
    tx: (fn) => sql.begin((t) => fn(wrap(t))) as never,
    async withLock(key, fn) {
      const reserved = await sql.reserve();
      try {
        await reserved.unsafe("select pg_advisory_lock($1)", [key]);
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
        reserved.release();
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
  return db;
}
