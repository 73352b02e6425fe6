/**
 * The rows of one long query in batches with flat memory, for streamed exports: a server-side
 * cursor on PostgreSQL (one statement, one snapshot), keyset pages on PGlite (one short statement
 * per page, so other requests run in between).
 *
 * The statement takes two trailing parameters the caller places in its SQL: the keyset bound
 * (`$n::bigint is null or id < $n`) and the page size (`limit $m`). With the cursor both are null:
 * no bound and no limit (`limit null` is `limit all`).
 */
import type { Queryable } from "./types.ts";

export async function* batches<T>(
  db: Queryable,
  text: string,
  params: readonly unknown[],
  key: (row: T) => unknown,
  size = 1000,
): AsyncGenerator<T[]> {
  if (db.cursor) {
    yield* db.cursor<T>(text, [...params, null, null], size);
    return;
  }
  let after: unknown = null;
  while (true) {
    const page = await db.query<T>(text, [...params, after, size]);
    if (page.length) yield page;
    if (page.length < size) return;
    after = key(page[page.length - 1]);
  }
}
