import assert from "node:assert/strict";
import {
  migrate,
  MigrationError,
  type MigrationFile,
  migrationStatus,
  readMigrationFiles,
} from "../../src/db/migrate.ts";
import { openPostgres } from "../../src/db/postgres.ts";
import { createPostgresDatabase, emptyDb, testBackend, testDb } from "../helpers/db.ts";

const backend = testBackend();
const files = await readMigrationFiles();

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function extraMigration(version: string, sql: string): Promise<MigrationFile> {
  return { version, name: `test_${version}`, sql, checksum: await sha256Hex(sql) };
}

const count = async (db: { query: <T>(s: string) => Promise<T[]> }, sql: string) =>
  Number((await db.query<{ n: number }>(sql))[0].n);

Deno.test(`[migrate/${backend}] the sql/ files are numbered, named and ordered`, () => {
  assert.ok(files.length >= 1);
  assert.equal(files[0].version, "0001");
  files.forEach((f, i) => {
    assert.match(f.version, /^\d{4}$/);
    assert.match(f.checksum, /^[0-9a-f]{64}$/);
    if (i) assert.ok(f.version > files[i - 1].version);
  });
});

Deno.test(`[migrate/${backend}] applying twice applies nothing the second time; status lists them applied`, async () => {
  const { db, close } = await emptyDb();
  try {
    const before = await migrationStatus(db);
    assert.deepEqual(before.map((s) => [s.version, s.applied]), files.map((f) => [f.version, false]));

    assert.deepEqual(await migrate(db), files.map((f) => f.version));
    assert.deepEqual(await migrate(db), []);
    assert.equal(await count(db, "select count(*) as n from schema_migrations"), files.length);

    const status = await migrationStatus(db);
    assert.deepEqual(status.map((s) => [s.version, s.name, s.applied]), files.map((f) => [f.version, f.name, true]));
    for (const s of status) assert.ok(s.appliedAt instanceof Date, `appliedAt of ${s.version}`);

    // A new file is pending, then applied alone.
    const next = await extraMigration("9001", "create table migrate_probe (id integer primary key);");
    const pending = await migrationStatus(db, [...files, next]);
    assert.deepEqual(pending.filter((s) => !s.applied).map((s) => s.version), ["9001"]);
    assert.deepEqual(await migrate(db, [...files, next]), ["9001"]);
    assert.deepEqual(await migrate(db, [...files, next]), []);
  } finally {
    await close();
  }
});

Deno.test(`[migrate/${backend}] an edited, already-applied file stops migrate and status with MigrationError`, async () => {
  const { db, close } = await testDb();
  try {
    const edited = files.map((f, i) => i === 0 ? { ...f, sql: f.sql + "\n-- edited", checksum: "0".repeat(64) } : f);
    await assert.rejects(() => migrate(db, edited), (e: unknown) => {
      assert.ok(e instanceof MigrationError);
      assert.match(e.message, /0001_.*edited after it was applied/);
      return true;
    });
    await assert.rejects(() => migrationStatus(db, edited), MigrationError);
    // Nothing was recorded or changed.
    assert.equal(await count(db, "select count(*) as n from schema_migrations"), files.length);
  } finally {
    await close();
  }
});

Deno.test(`[migrate/${backend}] an applied migration whose file is gone stops migrate`, async () => {
  const { db, close } = await testDb();
  try {
    await assert.rejects(() => migrate(db, files.slice(1)), (e: unknown) => {
      assert.ok(e instanceof MigrationError);
      assert.match(e.message, /is applied but its file is missing/);
      return true;
    });
  } finally {
    await close();
  }
});

Deno.test(`[migrate/${backend}] a failing migration is rolled back whole and not recorded`, async () => {
  const { db, close } = await testDb();
  try {
    const good = await extraMigration("9001", "create table migrate_ok (id integer primary key);");
    const bad = await extraMigration("9002", "create table migrate_half (id integer); select 1 / 0;");
    await assert.rejects(() => migrate(db, [...files, good, bad]), /division by zero/);
    const tables = await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_name like 'migrate_%' order by 1",
    );
    assert.deepEqual(tables.map((t) => t.name), ["migrate_ok"]);
    const versions = await db.query<{ version: string }>("select version from schema_migrations order by version");
    assert.deepEqual(versions.map((v) => v.version), [...files.map((f) => f.version), "9001"]);
  } finally {
    await close();
  }
});

Deno.test(`[migrate/${backend}] readMigrationFiles ignores other files and refuses a duplicate version`, async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/0002_second.sql`, "select 2;");
    await Deno.writeTextFile(`${dir}/0001_first.sql`, "select 1;");
    await Deno.writeTextFile(`${dir}/README.md`, "not a migration");
    await Deno.writeTextFile(`${dir}/0003-Bad-Name.sql`, "select 3;");
    const url = new URL(`file://${dir}/`);
    assert.deepEqual((await readMigrationFiles(url)).map((f) => `${f.version}_${f.name}`), [
      "0001_first",
      "0002_second",
    ]);
    await Deno.writeTextFile(`${dir}/0002_again.sql`, "select 22;");
    await assert.rejects(() => readMigrationFiles(url), MigrationError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// Only PostgreSQL has separate connections that can race; PGlite is one connection.
if (backend === "postgres") {
  Deno.test("[migrate/postgres] two instances migrating one empty database at once apply each migration exactly once", async () => {
    const { url, drop } = await createPostgresDatabase();
    const a = openPostgres(url, 2);
    const b = openPostgres(url, 2);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      // One did all the work, the other waited on the lock and found nothing to do.
      assert.deepEqual([...ra, ...rb].sort(), files.map((f) => f.version));
      assert.ok(ra.length === 0 || rb.length === 0, `both applied something: ${ra} / ${rb}`);
      const rows = await a.query<{ version: string; n: number }>(
        "select version, count(*)::int as n from schema_migrations group by version order by version",
      );
      assert.deepEqual(
        rows.map((r) => ({ version: r.version, n: r.n })),
        files.map((f) => ({ version: f.version, n: 1 })),
      );
      assert.ok((await migrationStatus(b)).every((s) => s.applied));
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
}
