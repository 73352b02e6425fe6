/**
 * The PGlite twin of the PostgreSQL template database: a data directory with every migration
 * applied, dumped once and loaded by each test process instead of running initdb and the migrations
 * again (5-6.5 CPU s a file against ~1.5 to load). Its name carries a hash of the PGlite version
 * and the migrations' checksums, so an edited or added migration, or a PGlite upgrade, builds a new
 * image and a stale one is never used. tests/run.ts builds it before the PGlite pass; a test file run
 * on its own builds it on first use. Kept under node_modules/.cache, which a fresh clone does not have.
 *
 * This module does not import tests/helpers/setup.ts, so tests/run.ts can use it outside `deno test`.
 */
import { readMigrationFiles } from "../../src/db/migrate.ts";
import { createPglite, pgliteDb } from "../../src/db/pglite.ts";
import { migrate } from "../../src/db/migrate.ts";

const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
export const PGLITE_IMAGE_DIR = `${ROOT}/node_modules/.cache/procurement-tests`;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The image's name: PGlite's version and every migration's version and checksum, hashed. */
export async function pgliteImageName(
  pgliteVersion: string,
  migrations: { version: string; checksum: string }[],
): Promise<string> {
  const key = await sha256Hex(
    [`pglite ${pgliteVersion}`, ...migrations.map((f) => `${f.version}:${f.checksum}`)].join("\n"),
  );
  return `pglite-migrated-${key.slice(0, 16)}.tar.gz`;
}

/** The image's path for the migrations in sql/ and the installed PGlite. */
export async function pgliteImagePath(): Promise<string> {
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/node_modules/@electric-sql/pglite/package.json`));
  return `${PGLITE_IMAGE_DIR}/${await pgliteImageName(pkg.version, await readMigrationFiles())}`;
}

/**
 * The image's bytes, built first when missing. Two processes building at once both write a
 * complete file under a name of their own and rename it into place, so a reader never sees half.
 */
export async function pgliteImage(): Promise<{ path: string; blob: Blob; built: boolean }> {
  const path = await pgliteImagePath();
  try {
    return { path, blob: new Blob([await Deno.readFile(path)]), built: false };
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const pg = await createPglite();
  let blob: Blob;
  try {
    await migrate(pgliteDb(pg));
    blob = await pg.dumpDataDir("gzip");
  } finally {
    await pg.close();
  }
  await Deno.mkdir(PGLITE_IMAGE_DIR, { recursive: true });
  const partial = `${path}.${crypto.randomUUID()}.partial`;
  await Deno.writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
  await Deno.rename(partial, path);
  return { path, blob, built: true };
}

/** Fill the empty directory `dir` with the migrated image: an embedded database on disk, as migrated. */
export async function migratedPgliteDir(dir: string): Promise<void> {
  const pg = await createPglite(dir, { loadDataDir: (await pgliteImage()).blob });
  await pg.close();
}
