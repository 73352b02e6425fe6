/**
 * The audit hash chain: verifyAuditChain in-process, and `deno task audit:verify` for real against a
 * temporary embedded database (passes on seeded data, fails after a hand edit).
 */
import assert from "node:assert/strict";
import { verifyAuditChain } from "../../src/audit/verify.ts";
import {
  type CheckpointOptions,
  readCheckpoints,
  runAuditCheckpoints,
  startAuditCheckpoints,
  verifyWithCheckpoints,
} from "../../src/audit/checkpoint.ts";
import { waitUntil } from "../helpers/wait.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import type { Queryable } from "../../src/db/types.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { migratedPgliteDir } from "../helpers/pglite-image.ts";
import { as, createUser } from "../helpers/users.ts";

const tag = `[audit-verify/${testBackend()}]`;
const ROOT = new URL("../../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/deno/deno`;

/** Alter a row by hand the way an intruder with table-owner rights could: trigger off, update, trigger on. */
async function tamper(db: { tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, sql: string) {
  await db.tx(async (tx) => {
    await tx.query("alter table audit_logs disable trigger audit_logs_no_update");
    await tx.query(sql);
    await tx.query("alter table audit_logs enable trigger audit_logs_no_update");
  });
}

const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const auditIds = async () => (await db.query<{ id: number }>("select id from audit_logs order by id")).map((r) => r.id);
const metadataText = async (id: number) =>
  (await db.query<{ m: string }>("select metadata::text as m from audit_logs where id = $1", [id]))[0].m;

Deno.test(`${tag} verifyAuditChain passes after audited API calls and names the row altered by hand`, async () => {
  assert.deepEqual(await verifyAuditChain(db), { ok: true, checked: 0 }, "empty chain");
  const admin = await as(t, "admin");
  const u = await createUser(db, "purchase_team");
  await expectJson(await admin.request(`/api/admin/users/${u.id}/role`, { method: "PUT", json: { roleId: 3 } }), 200);
  await expectJson(
    await admin.request(`/api/admin/users/${u.id}/status`, { method: "PUT", json: { isActive: false } }),
    200,
  );
  await expectJson(await admin.request(`/api/admin/users/${u.id}/reset-password`, { method: "POST" }), 200);
  const ids = await auditIds();
  assert.equal(ids.length, 4, "LOGIN, ROLE_CHANGE, STATUS_CHANGE, PASSWORD_RESET");
  const rows = await db.query<{ prev_hash: string; hash: string }>(
    "select prev_hash, hash from audit_logs order by id",
  );
  assert.equal(rows[0].prev_hash, "");
  for (let i = 1; i < rows.length; i++) {
    assert.equal(rows[i].prev_hash, rows[i - 1].hash, "each row carries the previous hash");
  }
  assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash)));
  assert.deepEqual(await verifyAuditChain(db), { ok: true, checked: 4 });
  assert.deepEqual(await verifyAuditChain(db, 1), { ok: true, checked: 4 }, "small pages walk the same chain");

  const target = ids[2];
  const original = await metadataText(target);
  await tamper(db, `update audit_logs set metadata = '{"x":1}' where id = ${target}`);
  assert.deepEqual(await verifyAuditChain(db), {
    ok: false,
    checked: 2,
    firstBadId: target,
    reason: "row content does not match its hash",
  });
  assert.equal((await verifyAuditChain(db, 2)).firstBadId, target, "found across a page boundary");

  // Putting the content back makes the chain whole again: the hash covers exactly the content.
  await tamper(db, `update audit_logs set metadata = '${original.replaceAll("'", "''")}'::jsonb where id = ${target}`);
  assert.deepEqual(await verifyAuditChain(db), { ok: true, checked: 4 });
});

Deno.test(`${tag} verifyAuditChain: re-hashing an altered row by hand breaks the next link`, async () => {
  for (let i = 0; i < 3; i++) {
    await db.query("insert into audit_logs (action, entity_type, entity_id) values ('UPDATE', 'test', $1)", [
      String(i),
    ]);
  }
  const ids = await auditIds();
  assert.deepEqual(await verifyAuditChain(db), { ok: true, checked: ids.length });
  const target = ids[ids.length - 2];
  const original = await metadataText(target);
  await tamper(db, `update audit_logs set metadata = '{"forged":true}' where id = ${target}`);
  await tamper(db, `update audit_logs a set hash = audit_row_hash(a.prev_hash, a) where id = ${target}`);
  assert.deepEqual(await verifyAuditChain(db), {
    ok: false,
    checked: ids.length - 1,
    firstBadId: ids[ids.length - 1],
    reason: "chain broken (previous hash differs)",
  });
  await tamper(db, `update audit_logs set metadata = '${original.replaceAll("'", "''")}'::jsonb where id = ${target}`);
  await tamper(db, `update audit_logs a set hash = audit_row_hash(a.prev_hash, a) where id = ${target}`);
  assert.deepEqual(await verifyAuditChain(db), { ok: true, checked: ids.length });
});

Deno.test(`${tag} verifyAuditChain: a deleted row breaks the link of the row after it`, async () => {
  const ids = await auditIds();
  await tamper(db, `delete from audit_logs where id = ${ids[1]}`);
  assert.deepEqual(await verifyAuditChain(db), {
    ok: false,
    checked: 1,
    firstBadId: ids[2],
    reason: "chain broken (previous hash differs)",
  });
});

Deno.test(`${tag} deno task audit:verify exits 0 on a seeded embedded database and 1 after a row is altered by hand`, async () => {
  const dir = await Deno.makeTempDir({ prefix: "audit-verify-" });
  // Only the embedded database: no DATABASE_URL from the caller's environment.
  const env = { DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "development" };
  const run = async (args: string[]) => {
    const out = await new Deno.Command(DENO, { args, env, cwd: ROOT, stdout: "piped", stderr: "piped" }).output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
  };
  /** A few lines against the same PGlite directory, with the project's import map. */
  const script = (body: string) =>
    run([
      "eval",
      "--ext=ts",
      `import { openDatabase } from "./src/db/open.ts";
       const db = await openDatabase({ dataDir: ${JSON.stringify(dir)}, poolMax: 1 });
       try { ${body} } finally { await db.close(); }`,
    ]);
  try {
    // Migrated already (the tests' image), so the CLI below only seeds: migrations are tested elsewhere.
    await migratedPgliteDir(dir);
    const seeded = await run(["run", "-A", "src/db/seed-cli.ts"]);
    assert.equal(seeded.code, 0, seeded.stderr);
    assert.match(seeded.stdout, /Demo data seeded/);

    // The demo organisation may hold few or no audit entries; add some through the chaining trigger.
    const added = await script(`
      for (const a of ["LOGIN", "UPDATE", "APPROVE", "LOGOUT"]) {
        await db.query("insert into audit_logs (action, entity_type, entity_id, metadata) values ($1, 'test', '1', '{\\"n\\":1}')", [a]);
      }
      const rows = await db.query("select id from audit_logs order by id");
      console.log(JSON.stringify(rows.map((r) => r.id)));`);
    assert.equal(added.code, 0, added.stderr);
    const ids: number[] = JSON.parse(added.stdout.trim().split("\n").at(-1)!);
    assert.ok(ids.length >= 4);

    const ok = await run(["task", "audit:verify"]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(
      ok.stdout.trim().split("\n")[0],
      `Audit chain intact: ${ids.length} entries verified, matching 0 signed checkpoints.`,
    );
    // Where the checkpoints are required (always in production), a chain without any fails.
    const unanchored = await run(["run", "-A", "src/db/audit-verify-cli.ts", "--require-checkpoints"]);
    assert.equal(unanchored.code, 1, unanchored.stdout);
    assert.match(unanchored.stderr, /^Audit chain UNANCHORED: \d+ entries verified, but .* holds no signed checkpoint/);

    const victim = ids[ids.length - 2];
    const altered = await script(`
      await db.tx(async (tx) => {
        await tx.query("alter table audit_logs disable trigger audit_logs_no_update");
        await tx.query("update audit_logs set metadata = '{\\"x\\":1}' where id = ${victim}");
        await tx.query("alter table audit_logs enable trigger audit_logs_no_update");
      });`);
    assert.equal(altered.code, 0, altered.stderr);

    const bad = await run(["task", "audit:verify"]);
    assert.equal(bad.code, 1, bad.stdout);
    assert.equal(
      bad.stderr.trim().split("\n").at(-1),
      `Audit chain BROKEN at entry ${victim}: row content does not match its hash (${
        ids.length - 2
      } entries verified before it).`,
    );
    // The script run directly says the same.
    const direct = await run(["run", "-A", "src/db/audit-verify-cli.ts"]);
    assert.equal(direct.code, 1);
    assert.match(direct.stderr, new RegExp(`BROKEN at entry ${victim}:`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// ---------------------------------------------------------------------------------------------
// Signed checkpoints: a history rewritten by the table owner, with every hash
// recomputed, passes the chain check but not the checkpoints.

/** What an intruder with the owner's login can do: triggers off, change a row, re-hash the whole chain. */
const REWRITE = (id: number) => [
  "alter table audit_logs disable trigger audit_logs_no_update",
  `update audit_logs set metadata = '{"forged":true}' where id = ${id}`,
  `do $$ declare r record; prev text := ''; begin
    for r in select id from audit_logs order by id loop
      update audit_logs set prev_hash = prev where id = r.id;
      update audit_logs a set hash = audit_row_hash(a.prev_hash, a) where id = r.id returning hash into prev;
    end loop;
  end $$`,
  "alter table audit_logs enable trigger audit_logs_no_update",
];

Deno.test(`${tag} signed checkpoints catch a chain rewritten and re-hashed by the table owner`, async () => {
  const t2 = await testApp();
  const dir = await Deno.makeTempDir({ prefix: "audit-checkpoints-" });
  try {
    const db2 = t2.db;
    for (let i = 0; i < 7; i++) {
      await db2.query("insert into audit_logs (action, entity_type, entity_id) values ('UPDATE', 'test', $1)", [
        String(i),
      ]);
    }
    const ids = (await db2.query<{ id: number }>("select id from audit_logs order by id")).map((r) => Number(r.id));
    const key = testSecrets().keyFor("audit");
    const opts: CheckpointOptions = {
      key,
      file: `${dir}/audit-checkpoints.jsonl`,
      every: 3,
      intervalMs: 3_600_000,
      logger: createLogger("silent"),
    };
    const state = { lastId: 0, lastAt: Date.now() };
    const written = await runAuditCheckpoints(db2, opts, state);
    assert.deepEqual(written.map((c) => c.id), [ids[2], ids[5]], "every 3 entries");
    assert.deepEqual((await runAuditCheckpoints(db2, opts, state, true)).map((c) => c.id), [ids[6]], "the head");
    const checkpoints = await readCheckpoints(opts.file);
    assert.equal(checkpoints.length, 3);
    assert.deepEqual(await verifyWithCheckpoints(db2, key, checkpoints), { ok: true, checked: 7, checkpoints: 3 });

    await db2.tx(async (tx) => {
      for (const stmt of REWRITE(ids[1])) await tx.query(stmt);
    });
    assert.deepEqual(await verifyAuditChain(db2), { ok: true, checked: 7 }, "the chain alone is fooled");
    const caught = await verifyWithCheckpoints(db2, key, checkpoints);
    assert.equal(caught.ok, false);
    assert.equal(caught.firstBadId, ids[2], "the first checkpoint after the rewritten entry");
    assert.match(caught.reason!, /rewritten/);

    // A forged checkpoint (the new head hash written into the file) has no valid signature.
    const [row] = await db2.query<{ hash: string }>("select hash from audit_logs where id = $1", [ids[2]]);
    const forged = checkpoints.map((c) => c!.id === ids[2] ? { ...c!, hash: row.hash } : c);
    const bad = await verifyWithCheckpoints(db2, key, forged);
    assert.deepEqual([bad.ok, bad.firstBadId], [false, ids[2]]);
    assert.match(bad.reason!, /bad signature/);
  } finally {
    await t2.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test(`${tag} deno task audit:verify reports a re-hashed rewrite against the checkpoint file`, async () => {
  const dir = await Deno.makeTempDir({ prefix: "audit-verify-cp-" });
  const env = { DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "development" };
  const run = async (args: string[]) => {
    const out = await new Deno.Command(DENO, { args, env, cwd: ROOT, stdout: "piped", stderr: "piped" }).output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
  };
  const script = (body: string) =>
    run([
      "eval",
      "--ext=ts",
      `import { openDatabase } from "./src/db/open.ts";
       import { migrate } from "./src/db/migrate.ts";
       import { loadSecrets } from "./src/lib/secrets.ts";
       import { loadConfig } from "./src/config.ts";
       import { runAuditCheckpoints } from "./src/audit/checkpoint.ts";
       import { createLogger } from "./src/lib/logger.ts";
       const config = loadConfig();
       const db = await openDatabase(config);
       try { ${body} } finally { await db.close(); }`,
    ]);
  try {
    await migratedPgliteDir(dir);
    const made = await script(`
      await migrate(db);
      for (let i = 0; i < 5; i++) {
        await db.query("insert into audit_logs (action, entity_type, entity_id) values ('UPDATE', 'test', $1)", [String(i)]);
      }
      const secrets = await loadSecrets(config);
      await runAuditCheckpoints(db, { ...config.auditCheckpoints, every: 2, key: secrets.keyFor("audit"),
        logger: createLogger("silent") }, { lastId: 0, lastAt: Date.now() }, true);
      console.log(JSON.stringify((await db.query("select id from audit_logs order by id")).map((r) => Number(r.id))));`);
    assert.equal(made.code, 0, made.stderr);
    const ids: number[] = JSON.parse(made.stdout.trim().split("\n").at(-1)!);
    const ok = await run(["task", "audit:verify"]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(ok.stdout.trim(), `Audit chain intact: 5 entries verified, matching 3 signed checkpoints.`);

    const rewritten = await script(`await db.tx(async (tx) => {
      for (const stmt of ${JSON.stringify(REWRITE(ids[0]))}) await tx.query(stmt);
    });`);
    assert.equal(rewritten.code, 0, rewritten.stderr);
    const bad = await run(["task", "audit:verify"]);
    assert.equal(bad.code, 1, bad.stdout);
    assert.match(bad.stderr, new RegExp(`BROKEN at entry ${ids[1]}: the chain differs from a signed checkpoint`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test(`${tag} the running checkpointer anchors a sensitive entry at once and any other within the interval`, async () => {
  const t3 = await testApp();
  const dir = await Deno.makeTempDir({ prefix: "audit-checkpoints-live-" });
  const file = `${dir}/audit-checkpoints.jsonl`;
  const covered = async (id: number) => (await readCheckpoints(file)).some((c) => c !== null && c.id >= id);
  const lastEntry = async (action: string) =>
    Number(
      (await t3.db.query<{ id: number }>(
        "select max(id) as id from audit_logs where action = $1",
        [action],
      ))[0].id,
    );
  // An hour between scheduled checkpoints: only the sensitive entry's notification can explain one.
  const checkpointer = (intervalMs: number) =>
    startAuditCheckpoints(t3.db, {
      key: testSecrets().keyFor("audit"),
      file,
      every: 1000,
      intervalMs,
      logger: createLogger("silent"),
    });
  const slow = await checkpointer(3_600_000);
  try {
    const admin = await as(t3, "admin");
    const user = await createUser(t3.db, "purchase_team");
    const [{ id: roleId }] = await t3.db.query<{ id: number }>(
      "select id from roles where name = 'procurement_manager'",
    );
    await expectJson(
      await admin.request(`/api/admin/users/${user.id}/role`, { method: "PUT", json: { roleId } }),
      200,
    );
    const roleChange = await lastEntry("ROLE_CHANGE");
    await waitUntil(() => covered(roleChange), { timeoutMs: 5_000, message: "a checkpoint of the role change" });
    const cp = (await readCheckpoints(file)).at(-1)!;
    assert.deepEqual(await verifyWithCheckpoints(t3.db, testSecrets().keyFor("audit"), [cp]), {
      ok: true,
      checked: (await t3.db.query("select 1 from audit_logs")).length,
      checkpoints: 1,
    });
  } finally {
    await slow.stop();
  }
  // With a one-second interval, an ordinary entry is anchored within about two.
  const quick = await checkpointer(1000);
  try {
    await t3.db.query("insert into audit_logs (action, entity_type, entity_id) values ('UPDATE', 'test', 'x')");
    const ordinary = await lastEntry("UPDATE");
    await waitUntil(() => covered(ordinary), { timeoutMs: 5_000, message: "a scheduled checkpoint" });
    // After a restore the old checkpoints are set aside and the chain is signed afresh from its start.
    const before = (await readCheckpoints(file)).length;
    await quick.rebase();
    const aside = [...Deno.readDirSync(dir)].filter((e) =>
      e.name.startsWith("audit-checkpoints.jsonl.before-restore-")
    );
    assert.equal(aside.length, 1);
    assert.equal((await readCheckpoints(`${dir}/${aside[0].name}`)).length, before);
    const fresh = await readCheckpoints(file);
    assert.ok(fresh.length >= 1);
    assert.equal((await verifyWithCheckpoints(t3.db, testSecrets().keyFor("audit"), fresh)).ok, true);
  } finally {
    await quick.stop();
    await t3.close();
    await Deno.remove(dir, { recursive: true });
  }
});
