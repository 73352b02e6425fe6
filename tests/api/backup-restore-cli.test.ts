/**
 * `deno task restore FILE` (src/backup/restore-cli.ts), run as an operator runs it: a backup taken
 * through the API is restored by the command into a new embedded database directory, refused with
 * a wrong passphrase and over data without --replace, and the restored directory then serves a
 * sign-in with the password the user had.
 */
import assert from "node:assert/strict";
import { encodeBase64 } from "@oslojs/encoding";
import { openPglite } from "../../src/db/pglite.ts";
import { verifyAuditChain } from "../../src/audit/verify.ts";
import { readCheckpoints, verifyWithCheckpoints } from "../../src/audit/checkpoint.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import { testApp } from "../helpers/app.ts";
import { TEST_BACKUP_PASSPHRASE } from "../helpers/backup.ts";
import { testBackend } from "../helpers/db.ts";
import { as, signIn } from "../helpers/users.ts";

const tag = `[backup-restore-cli/${testBackend()}]`;
const source = await testApp();
Deno.test.afterAll(source.close);
const admin = await as(source, "admin");
const buyer = await as(source, "purchase_team");

async function restoreCommand(file: string, dataDir: string, passphrase: string, ...flags: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "src/backup/restore-cli.ts", file, ...flags],
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      // The keys of tests/helpers/app.ts's testSecrets(): the server that made the backup.
      SEALED_BID_KEY: encodeBase64(new Uint8Array(32).fill(7)),
      JWT_SECRET: "a session key of at least thirty-two characters",
      BACKUP_PASSPHRASE: passphrase,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test(`${tag} deno task restore: refused with a wrong passphrase, restored, refused again over data`, async () => {
  const res = await admin.request("/api/admin/backup-database", {
    method: "POST",
    json: { passphrase: TEST_BACKUP_PASSPHRASE },
  });
  assert.equal(res.status, 200);
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/backup.pbak`;
    await Deno.writeFile(file, new Uint8Array(await res.arrayBuffer()));
    const data = `${dir}/data`;

    const wrong = await restoreCommand(file, data, "not the passphrase at all");
    assert.equal(wrong.code, 1, wrong.stderr);
    assert.match(wrong.stderr, /Restore failed, nothing was changed: The passphrase does not open this backup/);

    const ok = await restoreCommand(file, data, TEST_BACKUP_PASSPHRASE);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(
      ok.stdout,
      /^Restored the backup of \d{4}-\d\d-\d\dT[\d:.]+Z: \d+ rows in \d+ tables, 0 files\. Everyone signs in again\.$/m,
    );

    const again = await restoreCommand(file, data, TEST_BACKUP_PASSPHRASE);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /The database already holds data/);

    // The restored chain is anchored: a signed checkpoint of its head, verified against the table.
    const checkpoints = await readCheckpoints(`${data}/audit-checkpoints.jsonl`);
    assert.equal(checkpoints.length, 1);
    const db = await openPglite(`${data}/pgdata`);
    try {
      assert.equal((await verifyAuditChain(db)).ok, true);
      const anchored = await verifyWithCheckpoints(db, testSecrets().keyFor("audit"), checkpoints);
      assert.deepEqual([anchored.ok, anchored.checkpoints], [true, 1]);
      const restored = await testApp({ db });
      const session = await signIn(restored, buyer.user);
      assert.equal((await session.request("/api/auth/user")).status, 200);
    } finally {
      await db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
