/**
 * The admin backup streams with flat memory, scaled down: FILES stored files of
 * 4 MB and the tables, then 4 × FILES files, each backup read to the end through app.request() and
 * decrypted as it arrives; each is checked complete (every file, its slices decoded and hashed,
 * equal to the stored sha256 and size; the files and users rows read) and the
 * larger backup may hold no more memory than the smaller: a backup that reads the files into memory
 * before writing them held 48 MB more at 4 × FILES than at FILES (one that builds the whole
 * document as one string, 144 MB more), one that streams the same to 0.3 MB.
 *
 * The measuring is bench/backup-memory.ts's (which runs it with 500 MB of files for
 * docs/benchmarks.md): each backup is made and read in a process of its own
 * (tests/helpers/measure-child.ts), so the figures are the backup's and not what earlier test
 * modules left in the test process. On the test backend (PostgreSQL in the gate; PGlite works too).
 */
import assert from "node:assert/strict";
import { testBackend } from "../helpers/db.ts";
import { assertFlatGrowth } from "../helpers/measure-child.ts";
import { type BackupMeasured, backupProblems, measureBackupInChild } from "../../bench/backup-memory.ts";

const FILES = 3;
const FILE_BYTES = 4 * 2 ** 20;
/**
 * What JavaScript holds after a full collection, at 4 × FILES less at FILES. Exact: streaming holds
 * one slice of one file whatever the count; reading the files first holds 1.33 MB per MB of files.
 */
const LIVE_SLOPE_LIMIT_MB = 4;
/**
 * Peak RSS, the same. Loose: its start already holds what the allocator kept from storing the files
 * (more files, more kept), so streaming backups measured from -13 to +22 MB here; it catches a
 * backup that holds the whole document (+200 to +270 MB for it built as one string).
 */
const RSS_SLOPE_LIMIT_MB = 70;
/** Either backup alone, as before with 500 MB of files. */
const LIMIT_MB = 100;

function checkComplete(r: BackupMeasured) {
  assert.equal(r.status, 200);
  assert.equal(r.contentType, "application/octet-stream");
  // every stored file's slices, matching its sha256 and size; the files table rows without the
  // bytes (only once, in the slices); the users there
  assert.deepEqual(backupProblems(r), [], `the backup of ${r.filesStored} files is complete`);
}

Deno.test(`[system-settings/${testBackend()}] POST /api/admin/backup-database streams: memory does not grow with the files`, async () => {
  const small = await measureBackupInChild(FILES, FILE_BYTES);
  checkComplete(small);
  const large = await measureBackupInChild(4 * FILES, FILE_BYTES);
  checkComplete(large);
  const mb = (n: number) => n.toFixed(1);
  console.log(
    `backup: ${small.files.length} / ${large.files.length} files, ${mb(small.bytes / 2 ** 20)} / ${
      mb(large.bytes / 2 ** 20)
    } MB streamed in ${small.growth.chunks} / ${large.growth.chunks} chunks; peak RSS growth ${
      mb(small.growth.rssMb)
    } / ${mb(large.growth.rssMb)} MB, live ${mb(small.growth.liveMb)} / ${mb(large.growth.liveMb)} MB`,
  );
  assertFlatGrowth(small, large, {
    liveSlopeMb: LIVE_SLOPE_LIMIT_MB,
    rssSlopeMb: RSS_SLOPE_LIMIT_MB,
    limitMb: LIMIT_MB,
    what: [`${FILES} files`, `${4 * FILES} files`],
    holds: "the backup holds its files",
  });
});
