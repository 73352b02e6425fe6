/**
 * One small interface over postgres.js and PGlite, so every query is written once in plain,
 * parameterised SQL and runs on both. Values come back the same way from both drivers:
 * numeric as string (money is never a float), int8 as number, timestamptz as Date, jsonb parsed.
 */
export type Row = Record<string, unknown>;

/** How one statement runs (drivers without the distinction ignore it). */
export interface QueryOptions {
  /**
   * PostgreSQL may keep one plan for the statement per connection (plan_cache_mode auto) instead of
   * planning it for its values on every run, as every other statement is (src/db/postgres.ts). Only
   * for statements whose text already fixes the plan: filters written only when given, page sizes as
   * numbers, offsets by position (src/db/keyset.ts). Outside a transaction only.
   */
  cachedPlan?: boolean;
}

export interface Queryable {
  /** Run one parameterised statement ($1, $2, ...) and return its rows. */
  query<T = Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Run a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * PostgreSQL only: the rows of one statement in batches of `size` from a server-side cursor, so a
   * million-row export holds one batch in memory. PGlite has none (one connection: a long open
   * cursor would stall every other request); callers page with keyset batches there.
   */
  cursor?<T = Row>(text: string, params: readonly unknown[], size: number): AsyncIterable<T[]>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Run fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Run fn on one dedicated connection holding a session advisory lock, so that two processes
   * doing the same thing (migrations) do it one after the other.
   */
  withLock<T>(key: number, fn: (conn: Db) => Promise<T>): Promise<T>;
  /**
   * Follow NOTIFYs on `channel` (delivered at commit): `up` once listening (again, after a lost
   * connection: notifications sent meanwhile were missed), `down` when the listening connection is
   * lost, `notify` for each notification, with its payload. Returns the function that stops following.
   */
  listen?(channel: string, handlers: ChangeHandlers): () => void;
  close(): Promise<void>;
}

export interface ChangeHandlers {
  notify(payload?: string): void;
  up(): void;
  down(): void;
}
