/**
 * Test databases. The backend comes from the environment (tests/run.ts sets it):
 * - `TEST_DATABASE_URL=postgres://.../postgres` (a maintenance database of a server we may create
 *   databases on): the migrations are applied once to `procurement_template`, and every testDb()
 *   is a `CREATE DATABASE t_<random> TEMPLATE procurement_template`, dropped again by close().
 * - otherwise (`TEST_DB=pglite`, the default): an in-memory PGlite loaded from the pre-migrated
 *   image (tests/helpers/pglite-image.ts) once per process and cloned per testDb().
 */
import "./setup.ts";
import { PGlite } from "@electric-sql/pglite";
import { parseConfig } from "../../src/config.ts";
import type { Config } from "../../src/config.ts";
import { migrate, readMigrationFiles } from "../../src/db/migrate.ts";
import * as pgliteModule from "../../src/db/pglite.ts";
import { pgliteImage } from "./pglite-image.ts";
import { openPostgres } from "../../src/db/postgres.ts";
import type { Db } from "../../src/db/types.ts";

export interface TestDb {
  db: Db;
  /** Close the connections and throw the database away. */
  close(): Promise<void>;
}

export const TEMPLATE_DATABASE = "procurement_template";
const TEMPLATE_LOCK_KEY = 727_100_900;

/** The PostgreSQL server tests run against, or undefined for PGlite. */
export function testDatabaseUrl(): string | undefined {
  return Deno.env.get("TEST_DATABASE_URL") || undefined;
}

export function testBackend(): "pglite" | "postgres" {
  return testDatabaseUrl() ? "postgres" : "pglite";
}

/** A fresh, migrated database of the configured backend. */
export function testDb(): Promise<TestDb> {
  return testBackend() === "postgres" ? postgresTestDb() : pgliteTestDb();
}

/** A fresh database with nothing in it, not even schema_migrations (for the migration tests). */
export async function emptyDb(): Promise<TestDb> {
  if (testBackend() === "pglite") {
    const db = await pgliteModule.openPglite();
    return { db, close: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const db = openPostgres(url, 5);
  return {
    db,
    close: async () => {
      await db.close();
      await drop();
    },
  };
}

/** Configuration as the tests use it: parsed by the real parser, quiet, no files. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./data-test-unused", ...overrides });
}

// ---------------------------------------------------------------------------------------------
// PGlite

// The pre-migrated image (tests/helpers/pglite-image.ts) loaded once per process; each testDb() is a
// clone of it, which costs a fraction of loading.
let pgliteTemplate: Promise<PGlite> | undefined;

async function pgliteTestDb(): Promise<TestDb> {
  pgliteTemplate ??= (async () => pgliteModule.createPglite(undefined, { loadDataDir: (await pgliteImage()).blob }))();
  const db = pgliteModule.pgliteDb(await (await pgliteTemplate).clone() as PGlite);
  return { db, close: () => db.close() };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  return url.href;
}

async function withAdmin<T>(fn: (admin: Db) => Promise<T>): Promise<T> {
  const admin = openPostgres(testDatabaseUrl()!, 1);
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

let templateReady: Promise<void> | undefined;

/**
 * Migrate the template database once. The comment on the database records which migrations it
 * holds, so a later run reuses it and a run with changed migrations rebuilds it; the advisory lock
 * makes test processes running side by side wait for one another instead of racing.
 */
function prepareTemplate(): Promise<void> {
  return templateReady ??= (async () => {
    const files = await readMigrationFiles();
    const marker = files.map((f) => `${f.version}:${f.checksum.slice(0, 16)}`).join(",");
    await withAdmin((admin) =>
      admin.withLock(TEMPLATE_LOCK_KEY, async (conn) => {
        const [row] = await conn.query<{ comment: string | null }>(
          "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
          [TEMPLATE_DATABASE],
        );
        if (row?.comment === marker) return;
        if (row) await conn.exec(`drop database ${TEMPLATE_DATABASE} with (force)`);
        await conn.exec(`create database ${TEMPLATE_DATABASE}`);
        const template = openPostgres(databaseUrl(TEMPLATE_DATABASE), 1);
        try {
          await migrate(template, files);
        } finally {
          await template.close();
        }
        await conn.exec(`comment on database ${TEMPLATE_DATABASE} is '${marker}'`);
      })
    );
  })();
}

/** Create a database named t_<random> (a copy of the migrated template, or empty) on the test server. */
export async function createPostgresDatabase(
  opts: { template?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const template = opts.template ?? "template0";
  await withAdmin((admin) => admin.exec(`create database ${name} template ${template}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin((admin) => admin.exec(`drop database if exists ${name} with (force)`)),
  };
}

async function postgresTestDb(): Promise<TestDb> {
  await prepareTemplate();
  const { url, drop } = await createPostgresDatabase({ template: TEMPLATE_DATABASE });
  const db = openPostgres(url, 5);
  return {
    db,
    close: async () => {
      await db.close();
      await drop();
    },
  };
}
