/**
 * The audit hash chain: verifyAuditChain in-process, and `deno task audit:verify` for real against a
 * temporary embedded database (issue 3, Must show: passes on seeded data, fails after a hand edit).
 */
import assert from "node:assert/strict";
import { verifyAuditChain } from "../../src/audit/verify.ts";
import type { Queryable } from "../../src/db/types.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
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
    assert.equal(ok.stdout.trim(), `Audit chain intact: ${ids.length} entries verified.`);

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
