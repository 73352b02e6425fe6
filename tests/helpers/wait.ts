/**
 * Waiting in tests without fixed pauses: a test waits for the thing it needs to have happened (a
 * notification arrived, a job finished, another transaction queued behind a lock), polling with a
 * deadline that fails the test with a clear message. A fixed sleep is either too short on a busy
 * machine (a flake) or longer than needed everywhere else, and a race test that sleeps does not
 * know whether the race it means to provoke took place at all.
 */
import type { Queryable } from "../../src/db/types.ts";

export interface WaitOptions {
  /** Fail after this long; generous, as other test runs share the machine. */
  timeoutMs?: number;
  /** How often to look. */
  intervalMs?: number;
  /** What was awaited, for the error on timeout. */
  message?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Resolve once `condition` returns true (or a promise of true); poll every `intervalMs`, throw after
 * `timeoutMs`. An error thrown by the condition fails the wait at once.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = 10, message = "a condition" }: WaitOptions = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export interface LockWaitOptions extends WaitOptions {
  /** Count only backends whose current statement contains this text (case-insensitive). */
  query?: string;
}

/**
 * PostgreSQL only: resolve once at least `n` other backends of the current database wait for a
 * heavyweight lock (row, tuple, transaction, relation or advisory: `wait_event_type = 'Lock'`),
 * i.e. the concurrent transaction a race test started has reached the lock the test holds. `db`
 * must not be a connection that is itself waiting. On timeout the error lists what the other
 * backends were doing.
 */
export async function waitForLockWaiters(db: Queryable, n = 1, options: LockWaitOptions = {}): Promise<void> {
  const { query, ...wait } = options;
  const count = async () => {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
          and ($1::text is null or strpos(lower(query), lower($1::text)) > 0)`,
      [query ?? null],
    );
    return row.n;
  };
  const what = `${n} backend(s) waiting for a lock${query ? ` in a statement containing "${query}"` : ""}`;
  try {
    await waitUntil(async () => await count() >= n, { ...wait, message: wait.message ?? what });
  } catch (e) {
    const others = await db.query<Record<string, unknown>>(
      `select pid, state, wait_event_type, wait_event, left(query, 200) as query from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    ).catch(() => []);
    throw new Error(`${(e as Error).message}; the other backends: ${JSON.stringify(others)}`);
  }
}

/**
 * Until `count` connections to this PostgreSQL database listen on `channel` (that many apps' change
 * followers are up: what they cache is now kept only until the next notification).
 */
export async function waitForListener(db: Queryable, channel: string, options: WaitOptions & { count?: number } = {}) {
  const { count = 1, ...wait } = options;
  await waitUntil(
    async () =>
      (await db.query(
        "select 1 from pg_stat_activity where datname = current_database() and query ilike $1",
        [`%listen%${channel}%`],
      )).length >= count,
    { message: `${count} listener(s) on ${channel}`, ...wait },
  );
}
