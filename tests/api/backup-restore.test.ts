/**
 * The admin backup restores (docs/decisions/020): a database with the demo organisation, a sealed
 * bid with an attachment and a secret provider key is backed up through the API, restored into an
 * empty database, and then every table is what it was, people sign in with their passwords, the
 * audit chain verifies, and the sealed bid is still sealed until it is unsealed there. A wrong
 * passphrase, another server key, a damaged archive and a database that is not empty are refused
 * and change nothing.
 */
import assert from "node:assert/strict";
import { verifyAuditChain } from "../../src/audit/verify.ts";
import { openBackup, restoreBackup } from "../../src/backup/restore.ts";
import { migrate } from "../../src/db/migrate.ts";
import { seedDemo } from "../../src/db/seed.ts";
import type { Db } from "../../src/db/types.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { deriveKey, testSecrets } from "../../src/lib/secrets.ts";
import { type HttpError } from "../../src/lib/errors.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { emptyDb, testBackend } from "../helpers/db.ts";
import { as, createCategory, sessionRequest, signIn } from "../helpers/users.ts";
import { bidRequestBody } from "../helpers/registration.ts";

const tag = `[backup-restore/${testBackend()}]`;
const PASSPHRASE = "a long enough passphrase";
const backupKey = testSecrets().keyFor("backups");

const source = await testApp();
Deno.test.afterAll(source.close);
await seedDemo(source.db, createLogger("silent"));

// A sealed bid with one quotation and its attachment: nothing about it may be readable in the archive.
const CAT = await createCategory(source.db, "Backup furniture");
const manager = await as(source, "procurement_manager");
const vendor = await as(source, "vendor", { categoryIds: [CAT] });
const admin = await as(source, "admin");
const SEALED_NOTE = `SEALEDNOTE-${crypto.randomUUID()}`;
const bid = await expectJson<{ id: number; items: { id: number }[] }>(
  await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidRequestBody("Backup sealed tender", CAT, "sealed"),
  }),
  201,
);
{
  const form = new FormData();
  form.append(
    "quotation",
    JSON.stringify({
      bidRequestId: bid.id,
      items: [{ itemId: bid.items[0].id, unitPrice: "777.77" }],
      notes: SEALED_NOTE,
    }),
  );
  const pdf = new TextEncoder().encode("%PDF-1.4\n% SEALEDPDF\ntrailer << >>\n%%EOF\n");
  form.append("attachments", new File([pdf], "sealed-offer.pdf", { type: "application/pdf" }));
  await expectJson(await vendor.request("/api/vendor/quotations", { method: "POST", body: form }), 201);
}
const PROVIDER_KEY = `sk-${crypto.randomUUID()}`;
await source.db.query("update settings set value = $1 where key = 'smtp2go_api_key'", [PROVIDER_KEY]);

async function takeBackup(passphrase = PASSPHRASE): Promise<Uint8Array> {
  const res = await admin.request("/api/admin/backup-database", { method: "POST", json: { passphrase } });
  assert.equal(res.status, 200);
  assert.match(
    res.headers.get("content-disposition") ?? "",
    /^attachment; filename="procurement-backup-\d{4}-\d{2}-\d{2}\.pbak"$/,
  );
  return new Uint8Array(await res.arrayBuffer());
}
const streamOf = (bytes: Uint8Array) => new Blob([bytes as BlobPart]).stream();

/** Each table's rows as one digest (users without their session counter, which a restore moves on). */
async function digests(db: Db, maxAuditId: number): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where c.relkind = 'r' and c.relname <> 'schema_migrations' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const row = name === "users" ? "to_jsonb(t) - 'token_version'" : "to_jsonb(t)";
    const where = name === "audit_logs" ? `where id <= ${maxAuditId}` : "";
    const [r] = await db.query<{ d: string; n: number }>(
      `select md5(coalesce(string_agg(x, ',' order by x), '')) as d, count(*)::int as n
         from (select (${row})::text as x from "${name}" t ${where}) s`,
    );
    out[name] = `${r.n}:${r.d}`;
  }
  return out;
}

async function restoredInto(archive: Uint8Array, opts: { passphrase?: string; key?: Uint8Array } = {}) {
  const target = await emptyDb();
  await migrate(target.db);
  try {
    const result = await restoreBackup(target.db, await openBackup(streamOf(archive), opts.passphrase ?? PASSPHRASE), {
      backupKey: opts.key ?? backupKey,
    });
    return { target, result };
  } catch (e) {
    await target.close();
    throw e;
  }
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as HttpError).code ?? String(e);
  }
  return "accepted";
}

Deno.test(`${tag} the archive is encrypted; inside, sealed bids and provider keys are encrypted again`, async () => {
  const archive = await takeBackup();
  const raw = new TextDecoder("latin1").decode(archive);
  for (const s of ["purchase@example.com", PROVIDER_KEY, SEALED_NOTE, "%PDF"]) assert.equal(raw.includes(s), false, s);
  const opened = await openBackup(streamOf(archive), PASSPHRASE);
  let text = "";
  for await (const line of opened.lines) text += line + "\n";
  assert.ok(text.includes("purchase@example.com"), "staff data is in the archive");
  for (const s of [PROVIDER_KEY, SEALED_NOTE, "sealed-offer.pdf"]) {
    assert.equal(text.includes(s), false, `${s} is not readable with the passphrase alone`);
  }
  // Who bid on the sealed bid: no quotation row of it is in the clear.
  const quotations = text.split('{"table":"quotations"')[1].split('{"table":')[0];
  assert.equal(quotations.includes(`"bid_request_id": ${bid.id},`), false);
  assert.equal(quotations.includes(`"vendor_id": ${vendor.user.id},`), false);
  assert.ok(quotations.includes('"protected"'), "the sealed quotation is there, encrypted");
  assert.equal(opened.header.migrations.length > 0, true);
  // A passphrase shorter than 12 characters is refused before anything is read.
  const short = await admin.request("/api/admin/backup-database", { method: "POST", json: { passphrase: "short" } });
  assert.equal((await expectJson<{ issues: { path: string }[] }>(short, 400)).issues[0].path, "passphrase");
});

Deno.test(`${tag} restored into an empty database: every row, sign-in, the audit chain, sealed still sealed`, async () => {
  const [{ max }] = await source.db.query<{ max: number }>("select max(id)::int as max from audit_logs");
  const archive = await takeBackup();
  const before = await digests(source.db, max + 1); // the backup's own audit entry is in it
  const { target, result } = await restoredInto(archive);
  try {
    assert.ok(result.files >= 1, "the sealed attachment's file came back");
    assert.deepEqual(await digests(target.db, max + 1), before);
    const chain = await verifyAuditChain(target.db);
    assert.equal(chain.ok, true, chain.reason ?? "");
    const [restoreEntry] = await target.db.query<{ action: string }>(
      "select action from audit_logs order by id desc limit 1",
    );
    assert.equal(restoreEntry.action, "RESTORE");

    const restored = await testApp({ db: target.db });
    // A demo user signs in with the password they had; sessions from before the restore are over.
    const login = await restored.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "purchase@example.com", password: "demo123" }),
    });
    assert.equal(login.status, 200, await login.text());
    assert.equal((await sessionRequest(restored, manager.cookie)("/api/auth/user")).status, 401);
    const restoredManager = sessionRequest(
      restored,
      (await restored.app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: manager.user.email, password: manager.user.password }),
      })).headers.get("set-cookie")!.split(";")[0],
    );
    // Sealed until unsealed, then readable: the restored bid opens with the server's key.
    const [q] = await target.db.query<{ sealed: boolean; notes: string }>(
      "select sealed, notes from quotations where bid_request_id = $1",
      [bid.id],
    );
    assert.equal(q.sealed, true);
    assert.notEqual(q.notes, SEALED_NOTE);
    await expectJson(
      await restoredManager(`/api/bid-requests/${bid.id}/status`, {
        method: "PATCH",
        json: { status: "bidding_closed", reason: "Closed after the restore" },
      }),
      200,
    );
    await expectJson(await restoredManager(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" }), 200);
    const [opened] = await target.db.query<{ notes: string }>(
      "select notes from quotations where bid_request_id = $1",
      [bid.id],
    );
    assert.equal(opened.notes, SEALED_NOTE);
    const [key] = await target.db.query<{ value: string }>("select value from settings where key = 'smtp2go_api_key'");
    assert.equal(key.value, PROVIDER_KEY);
  } finally {
    await target.close();
  }
});

Deno.test(`${tag} wrong passphrase, another server key, a cut archive, a database in use: refused, nothing changed`, async () => {
  const archive = await takeBackup();
  assert.equal(await refusal(restoredInto(archive, { passphrase: "not the passphrase" })), "backup.wrongPassphrase");
  const otherKey = deriveKey(new Uint8Array(32).fill(9), "backups");
  assert.equal(await refusal(restoredInto(archive, { key: otherKey })), "backup.otherServerKey");
  assert.equal(await refusal(restoredInto(archive.slice(0, archive.length - 40))), "backup.damaged");

  // Restoring over a database with data: refused unless asked to replace; a failed replace keeps it.
  const { target } = await restoredInto(archive);
  try {
    const users = async () => (await target.db.query<{ n: number }>("select count(*)::int as n from users"))[0].n;
    const n = await users();
    assert.equal(
      await refusal(restoreBackup(target.db, await openBackup(streamOf(archive), PASSPHRASE), { backupKey })),
      "backup.notEmpty",
    );
    const cut = archive.slice(0, Math.floor(archive.length * 0.9));
    assert.equal(
      await refusal(
        (async () =>
          await restoreBackup(target.db, await openBackup(streamOf(cut), PASSPHRASE), { backupKey, replace: true }))(),
      ),
      "backup.damaged",
    );
    assert.equal(await users(), n);
    assert.equal((await verifyAuditChain(target.db)).ok, true);
  } finally {
    await target.close();
  }
});

Deno.test(`${tag} restored from the admin screen in place: later changes undone, sessions ended; refusals change nothing`, async () => {
  const t2 = await testApp();
  try {
    const admin2 = await as(t2, "admin");
    const manager2 = await as(t2, "procurement_manager");
    const kept = await createCategory(t2.db, `Kept ${crypto.randomUUID().slice(0, 8)}`);
    const res = await admin2.request("/api/admin/backup-database", {
      method: "POST",
      json: { passphrase: PASSPHRASE },
    });
    const archive = new Uint8Array(await res.arrayBuffer());
    const later = await createCategory(t2.db, `Later ${crypto.randomUUID().slice(0, 8)}`);
    const categories = async () => (await t2.db.query<{ id: number }>("select id from categories")).map((r) => r.id);
    const restore = (s: { request: typeof admin2.request }, headers: Record<string, string>) =>
      s.request("/api/admin/restore-database", {
        method: "POST",
        body: archive as BodyInit,
        headers: { "content-type": "application/octet-stream", ...headers },
      });
    const both = { "x-backup-passphrase": PASSPHRASE, "x-confirm-restore": "REPLACE" };

    const noPassphrase = await expectError(await restore(admin2, { "x-confirm-restore": "REPLACE" }), 400);
    assert.equal((noPassphrase.issues as { path: string }[])[0].path, "passphrase");
    await expectError(await restore(admin2, { "x-backup-passphrase": PASSPHRASE }), 400, "backup.restoreConfirm");
    await expectError(
      await restore(admin2, { ...both, "x-backup-passphrase": "not the passphrase" }),
      400,
      "backup.wrongPassphrase",
    );
    assert.equal((await restore(manager2, both)).status, 403);
    assert.ok((await categories()).includes(later), "nothing changed by the refusals");

    const done = await expectJson<{ rows: number; tables: number }>(await restore(admin2, both), 200);
    assert.ok(done.rows > 0 && done.tables > 10);
    const now = await categories();
    assert.ok(now.includes(kept) && !now.includes(later), "the data is the backup's");
    assert.equal((await admin2.request("/api/auth/user")).status, 401, "every session ended");
    const again = await signIn(t2, admin2.user);
    assert.equal((await again.request("/api/auth/user")).status, 200);
    assert.equal((await verifyAuditChain(t2.db)).ok, true);
  } finally {
    await t2.close();
  }
});
