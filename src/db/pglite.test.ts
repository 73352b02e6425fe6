/**
 * PGlite has no autovacuum (single-user PostgreSQL): maintainPglite does its job, so the planner
 * sees the tables as they are (docs/benchmarks.md "The embedded database").
 */
import assert from "node:assert/strict";
import { createPglite, maintainPglite, pgliteDb } from "./pglite.ts";

Deno.test("[pglite] maintainPglite analyses and vacuums the tables that changed, one statement each, and only those", async () => {
  const pg = await createPglite();
  const db = pgliteDb(pg);
  try {
    await db.exec(`create table grown (id int primary key, v text);
                   create table quiet (id int primary key);
                   insert into quiet values (1);`);
    await db.exec("vacuum analyze quiet");
    await db.query("insert into grown select g, 'x' from generate_series(1, 5000) g");
    const before = await db.query<{ rows: number; visible: number }>(
      "select reltuples::float8 as rows, relallvisible as visible from pg_class where relname = 'grown'",
    );
    // What the planner works from without upkeep: a table it has never counted, no page all-visible.
    assert.ok(before[0].rows <= 0, `reltuples before: ${before[0].rows}`);
    assert.equal(before[0].visible, 0);

    assert.deepEqual(await maintainPglite(db), ["public.grown"]);
    const after = await db.query<{ rows: number; visible: number }>(
      "select reltuples::float8 as rows, relallvisible as visible from pg_class where relname = 'grown'",
    );
    assert.equal(after[0].rows, 5000);
    assert.ok(after[0].visible > 0, "vacuumed: index-only scans skip the heap");
    const [plan] = await db.query<{ "QUERY PLAN": string }>("explain select count(*) from grown where id > 10");
    assert.match(plan["QUERY PLAN"], /rows=|Aggregate/);

    // Nothing changed since: nothing to do. A small change stays under the threshold.
    assert.deepEqual(await maintainPglite(db), []);
    await db.query("update grown set v = 'y' where id <= 100");
    assert.deepEqual(await maintainPglite(db), []);
    await db.query("update grown set v = 'z' where id <= 1000");
    assert.deepEqual(await maintainPglite(db), ["public.grown"]);
  } finally {
    await pg.close();
  }
});
