/**
 * The email outbox: the worker (src/notify/worker.ts) against a local fake SMTP2GO / SendGrid, the
 * admin's view of it, retries and backoff, and never sending an email twice, not even when a
 * worker process is killed mid-batch.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPostgres } from "../../src/db/postgres.ts";
import type { Db } from "../../src/db/types.ts";
import { enqueueEmail } from "../../src/notify/outbox.ts";
import { deliverDue } from "../../src/notify/worker.ts";
import { expectJson, recordingLogger, testApp } from "../helpers/app.ts";
import { createPostgresDatabase, TEMPLATE_DATABASE, testBackend } from "../helpers/db.ts";
import { startFakeProviders } from "../helpers/fake-providers.ts";
import { as } from "../helpers/users.ts";
import { waitUntil } from "../helpers/wait.ts";

const tag = `[outbox/${testBackend()}]`;
const fake = startFakeProviders();
const t = await testApp({ env: fake.env });
Deno.test.afterAll(async () => {
  await t.close();
  await fake.close();
});
const { app, db } = t;

const SMTP2GO_KEY = "api-smtp2go-test-key";
const SENDGRID_KEY = "SG.sendgrid-test-key";
const SENDER = "noreply@procure.example";

type OutboxRow = {
  id: number;
  recipient: string;
  status: string;
  attempts: number;
  provider: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  locked_until: Date | null;
  sent_at: Date | null;
  due_in: number;
};

async function rows(on: Db = db): Promise<OutboxRow[]> {
  return await on.query<OutboxRow>(
    `select id, recipient, status, attempts, provider, provider_message_id, last_error, locked_until, sent_at,
       extract(epoch from (next_attempt_at - now()))::float8 as due_in
     from notification_outbox order by id`,
  );
}

/** The provider the settings choose: none (demo), SMTP2GO or SendGrid, with the fake's keys. */
async function useProvider(provider: "none" | "smtp2go" | "sendgrid", on: Db = db) {
  const values: Record<string, string> = {
    email_provider: provider === "sendgrid" ? "sendgrid" : "smtp2go",
    smtp2go_api_key: provider === "smtp2go" ? SMTP2GO_KEY : "",
    smtp2go_sender_email: provider === "smtp2go" ? SENDER : "",
    sendgrid_api_key: provider === "sendgrid" ? SENDGRID_KEY : "",
    sendgrid_sender_email: provider === "sendgrid" ? SENDER : "",
  };
  for (const [key, value] of Object.entries(values)) {
    await on.query("update settings set value = $2 where key = $1", [key, value]);
  }
}

/** An empty outbox, a fake with nothing recorded, and the provider of the test. */
async function fresh(provider: "none" | "smtp2go" | "sendgrid") {
  await db.query("delete from notification_outbox");
  fake.reset();
  await useProvider(provider);
}

async function enqueue(count: number, prefix = "to", on: Db = db) {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    ids.push(
      await enqueueEmail(on, {
        to: `${prefix}-${i}@example.com`,
        subject: `Subject ${i}`,
        body: `Body ${i}\nsecond line`,
      }),
    );
  }
  return ids;
}

const worker = (logger = recordingLogger()) => ({ config: t.deps.config, logger, secrets: t.deps.secrets });
/** Makes every waiting row due now, as the passing of its backoff would. */
const makeDue = () => db.query("update notification_outbox set next_attempt_at = now() where status = 'pending'");

Deno.test(`${tag} with no provider configured the worker marks emails 'logged' and keeps them`, async () => {
  for (const provider of ["smtp2go", "sendgrid"]) {
    await fresh("none");
    await db.query("update settings set value = $1 where key = 'email_provider'", [provider]);
    const ids = await enqueue(2);
    const logger = recordingLogger();
    assert.equal(await deliverDue(db, worker(logger)), 2);
    const after = await rows();
    assert.deepEqual(after.map((r) => [r.id, r.status, r.provider, r.attempts, r.locked_until]), [
      [ids[0], "logged", "log", 1, null],
      [ids[1], "logged", "log", 1, null],
    ]);
    assert.ok(after.every((r) => r.sent_at instanceof Date));
    assert.equal(fake.requests.length, 0, "nothing reached a provider");
    const lines = logger.lines.filter((l) => l.msg === "email kept in outbox (no provider configured)");
    assert.deepEqual(lines.map((l) => [l.level, l.fields?.outboxId, l.fields?.to]), [
      ["info", ids[0], "to-1@example.com"],
      ["info", ids[1], "to-2@example.com"],
    ]);
    // Logged rows are done: a second pass finds nothing.
    assert.equal(await deliverDue(db, worker()), 0);
  }
});

Deno.test(`${tag} GET /api/admin/outbox shows recipient, subject, body, status and attempts to admins`, async () => {
  await fresh("none");
  const [first, second, third] = await enqueue(3);
  await deliverDue(db, worker(), { max: 2 });
  const admin = await as(t, "admin");
  const res = await admin.request("/api/admin/outbox");
  const items = await expectJson<Record<string, unknown>[]>(res, 200);
  assert.equal(res.headers.get("x-total-count"), "3");
  assert.deepEqual(items.map((i) => i.id), [third, second, first], "newest first");
  const one = items.find((i) => i.id === first)!;
  assert.equal(one.channel, "email");
  assert.equal(one.recipient, "to-1@example.com");
  assert.equal(one.subject, "Subject 1");
  assert.equal(one.body, "Body 1\nsecond line");
  assert.equal(one.status, "logged");
  assert.equal(one.attempts, 1);
  assert.equal(one.maxAttempts, 5);
  assert.equal(one.provider, "log");
  assert.equal(one.lastError, null);
  assert.equal(typeof one.createdAt, "string");
  assert.equal(typeof one.sentAt, "string");
  const waiting = items.find((i) => i.id === third)!;
  assert.deepEqual([waiting.status, waiting.attempts, waiting.sentAt], ["pending", 0, null]);

  const logged = await admin.request("/api/admin/outbox?status=logged&limit=1&offset=1");
  assert.deepEqual((await expectJson<{ id: number }[]>(logged, 200)).map((i) => i.id), [first]);
  assert.equal(logged.headers.get("x-total-count"), "2");
  await expectJson(await admin.request("/api/admin/outbox?status=bogus"), 400);
});

Deno.test(`${tag} GET /api/admin/outbox is for admins only (other roles 403, signed out 401)`, async () => {
  for (const role of ["purchase_team", "procurement_manager", "cost_finance_controller", "vendor"] as const) {
    const s = await as(t, role);
    const body = await expectJson(await s.request("/api/admin/outbox"), 403);
    assert.match(String(body.message), /notifications\.view/, role);
  }
  await expectJson(await app.request("/api/admin/outbox"), 401);
});

Deno.test(`${tag} an email enqueued in a transaction that rolls back is never in the outbox`, async () => {
  await fresh("smtp2go");
  await assert.rejects(
    db.tx(async (tx) => {
      await enqueueEmail(tx, { to: "rolled-back@example.com", subject: "s", body: "b" });
      throw new Error("the change failed");
    }),
    /the change failed/,
  );
  assert.equal((await rows()).length, 0);
  assert.equal(await deliverDue(db, worker()), 0);
  assert.equal(fake.requests.length, 0);
});

Deno.test(`${tag} SMTP2GO: the worker delivers through the HTTP API and marks the email 'sent'`, async () => {
  await fresh("smtp2go");
  const [id] = await enqueue(1);
  assert.equal(await deliverDue(db, worker()), 1);
  assert.equal(fake.requests.length, 1);
  const [req] = fake.requests;
  assert.equal(req.provider, "smtp2go");
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/v3/email/send");
  assert.equal(req.headers["x-smtp2go-api-key"], SMTP2GO_KEY);
  assert.match(req.headers["content-type"], /^application\/json/);
  assert.deepEqual(req.body, {
    sender: SENDER,
    to: ["to-1@example.com"],
    subject: "Subject 1",
    text_body: "Body 1\nsecond line",
  });
  assert.equal(req.state, "delivered");

  const [row] = await rows();
  assert.equal(row.id, id);
  assert.equal(row.status, "sent");
  assert.equal(row.provider, "smtp2go");
  assert.equal(row.provider_message_id, req.messageId);
  assert.equal(row.attempts, 1);
  assert.equal(row.last_error, null);
  assert.equal(row.locked_until, null);
  assert.ok(row.sent_at instanceof Date);
  assert.equal(await deliverDue(db, worker()), 0, "sent once, never again");
  assert.equal(fake.requests.length, 1);
});

Deno.test(`${tag} SMTP2GO: a 500 puts the email back to 'pending' with a backoff; the retry then sends it`, async () => {
  await fresh("smtp2go");
  await enqueue(1);
  fake.failNext(500);
  const logger = recordingLogger();
  assert.equal(await deliverDue(db, worker(logger)), 0, "not finished");
  let [row] = await rows();
  assert.equal(row.status, "pending");
  assert.equal(row.attempts, 1);
  assert.equal(row.locked_until, null);
  assert.equal(row.provider_message_id, null);
  assert.match(row.last_error ?? "", /^SMTP2GO 500: .*fake failure 500/);
  assert.ok(row.due_in > 25 && row.due_in <= 30, `retry in about 30 s, got ${row.due_in}`);
  const warn = logger.lines.find((l) => l.msg === "email delivery failed");
  assert.deepEqual([warn?.level, warn?.fields?.attempt, warn?.fields?.final], ["warn", 1, false]);

  // Not due yet: the worker leaves it alone.
  assert.equal(await deliverDue(db, worker()), 0);
  assert.equal(fake.requests.length, 1);

  await makeDue();
  assert.equal(await deliverDue(db, worker()), 1);
  [row] = await rows();
  assert.deepEqual([row.status, row.attempts, row.last_error], ["sent", 2, null]);
  assert.deepEqual(fake.requests.map((r) => r.state), ["refused", "delivered"]);
});

Deno.test(`${tag} SMTP2GO: retryable failures back off exponentially and end 'failed' after max_attempts`, async () => {
  await fresh("smtp2go");
  await enqueue(1);
  // Server errors, rate limiting and an unreachable provider are all worth retrying.
  fake.failNext(500);
  fake.failNext(429);
  fake.failNext(502);
  fake.failNext(503);
  fake.failNext(500);
  const expectedDelay = [30, 60, 120, 240];
  for (let attempt = 1; attempt <= 4; attempt++) {
    assert.equal(await deliverDue(db, worker()), 0);
    const [row] = await rows();
    assert.equal(row.status, "pending", `after attempt ${attempt}`);
    assert.equal(row.attempts, attempt);
    const delay = expectedDelay[attempt - 1];
    assert.ok(
      row.due_in > delay - 5 && row.due_in <= delay,
      `attempt ${attempt}: retry in ${delay} s, got ${row.due_in}`,
    );
    await makeDue();
  }
  assert.equal(await deliverDue(db, worker()), 1, "a final failure counts as finished");
  const [row] = await rows();
  assert.equal(row.status, "failed");
  assert.equal(row.attempts, 5);
  assert.match(row.last_error ?? "", /^SMTP2GO 500/);
  assert.equal(row.locked_until, null);

  // Failed is final.
  await db.query("update notification_outbox set next_attempt_at = now()");
  assert.equal(await deliverDue(db, worker()), 0);
  assert.equal(fake.requests.length, 5);
  assert.deepEqual(fake.requests.map((r) => r.status), [500, 429, 502, 503, 500]);
});

Deno.test(`${tag} SMTP2GO: a 400 is not retried: 'failed' at once`, async () => {
  await fresh("smtp2go");
  await enqueue(1);
  fake.failNext(400);
  const logger = recordingLogger();
  assert.equal(await deliverDue(db, worker(logger)), 1);
  const [row] = await rows();
  assert.deepEqual([row.status, row.attempts, row.provider], ["failed", 1, "smtp2go"]);
  assert.match(row.last_error ?? "", /^SMTP2GO 400/);
  assert.equal(logger.lines.find((l) => l.msg === "email delivery failed")?.fields?.final, true);
  await makeDue();
  assert.equal(await deliverDue(db, worker()), 0);
  assert.equal(fake.requests.length, 1);
});

Deno.test(`${tag} SMTP2GO: an unreachable provider is retried later`, async () => {
  await fresh("smtp2go");
  await enqueue(1);
  const closed = { providers: { smtp2go: "http://127.0.0.1:9/v3" } };
  assert.equal(await deliverDue(db, { config: closed, logger: recordingLogger(), secrets: t.deps.secrets }), 0);
  const [row] = await rows();
  assert.deepEqual([row.status, row.attempts], ["pending", 1]);
  assert.match(row.last_error ?? "", /^SMTP2GO unreachable/);
});

Deno.test(`${tag} SendGrid: a network error (closed port) is retried later, not failed at once`, async () => {
  await fresh("sendgrid");
  await enqueue(1);
  const closed = { providers: { sendgrid: "http://127.0.0.1:9" } };
  assert.equal(
    await deliverDue(db, { config: closed, logger: recordingLogger(), secrets: t.deps.secrets }),
    0,
    "not finished",
  );
  const [row] = await rows();
  assert.deepEqual([row.status, row.attempts, row.provider], ["pending", 1, "sendgrid"]);
  assert.match(row.last_error ?? "", /^SendGrid unreachable \(ECONNREFUSED\)/);
  assert.ok(row.due_in > 25 && row.due_in <= 30, `retry in about 30 s, got ${row.due_in}`);
});

Deno.test(`${tag} a DNS error is retried with backoff on both providers, then sent when the provider is back`, async () => {
  for (const provider of ["smtp2go", "sendgrid"] as const) {
    await fresh(provider);
    await enqueue(1);
    const unresolvable = { providers: { [provider]: "http://no-such-host.invalid/v3" } };
    for (let attempt = 1; attempt <= 2; attempt++) {
      assert.equal(
        await deliverDue(db, { config: unresolvable, logger: recordingLogger(), secrets: t.deps.secrets }),
        0,
      );
      const [row] = await rows();
      assert.deepEqual([row.status, row.attempts], ["pending", attempt], `${provider} attempt ${attempt}`);
      assert.match(row.last_error ?? "", /unreachable/, provider);
      const delay = 30 * 2 ** (attempt - 1);
      assert.ok(row.due_in > delay - 5 && row.due_in <= delay, `${provider}: retry in ${delay} s, got ${row.due_in}`);
      await makeDue();
    }
    assert.equal(await deliverDue(db, worker()), 1);
    const [row] = await rows();
    assert.deepEqual([row.status, row.attempts, row.last_error], ["sent", 3, null], provider);
  }
});

Deno.test(`${tag} any 4xx other than 429 fails at once on both providers; 429 and 5xx are retried`, async () => {
  for (const provider of ["smtp2go", "sendgrid"] as const) {
    for (const status of [400, 401, 403, 404, 413, 422, 429, 500, 502, 503]) {
      await fresh(provider);
      await enqueue(1);
      fake.failNext(status);
      await deliverDue(db, worker());
      const [row] = await rows();
      const transient = status === 429 || status >= 500;
      assert.deepEqual(
        [row.status, row.attempts],
        [transient ? "pending" : "failed", 1],
        `${provider} ${status}`,
      );
      assert.ok(row.last_error?.includes(String(status)), `${provider} ${status}: ${row.last_error}`);
    }
  }
});

type ListedMessage = {
  id: number;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
};

Deno.test(`${tag} the outbox viewer shows why a message failed and when it is tried next`, async () => {
  await fresh("smtp2go");
  const [retrying, failed] = await enqueue(2);
  fake.failNext(503);
  fake.failNext(401);
  await deliverDue(db, worker());
  const admin = await as(t, "admin");
  const items = await expectJson<ListedMessage[]>(await admin.request("/api/admin/outbox"), 200);
  const byId = new Map(items.map((i) => [i.id, i]));
  const r = byId.get(retrying)!;
  assert.deepEqual([r.status, r.attempts, r.maxAttempts], ["pending", 1, 5]);
  assert.match(r.lastError ?? "", /^SMTP2GO 503/);
  assert.ok(r.nextAttemptAt && Date.parse(r.nextAttemptAt) > Date.now() + 20_000, `next attempt ${r.nextAttemptAt}`);
  assert.ok(r.lastAttemptAt && Date.parse(r.lastAttemptAt) <= Date.now());
  const f = byId.get(failed)!;
  assert.deepEqual([f.status, f.attempts], ["failed", 1]);
  assert.match(f.lastError ?? "", /^SMTP2GO 401/);
  assert.equal(f.nextAttemptAt, null, "a failed message has no next attempt");
  assert.ok(f.lastAttemptAt);
});

Deno.test(`${tag} POST /api/admin/outbox/:id/resend puts a failed message back for a fresh round, audited`, async () => {
  await fresh("smtp2go");
  const [id] = await enqueue(1);
  fake.failAlways(500);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await deliverDue(db, worker());
    await makeDue();
  }
  assert.deepEqual((await rows()).map((r) => [r.status, r.attempts]), [["failed", 5]]);
  fake.failAlways(null);

  const admin = await as(t, "admin");
  const res = await admin.request(`/api/admin/outbox/${id}/resend`, { method: "POST" });
  const body = await expectJson<ListedMessage>(res, 200);
  assert.deepEqual([body.id, body.status, body.attempts], [id, "pending", 0]);
  assert.match(body.lastError ?? "", /^SMTP2GO 500/, "why it failed stays visible until the next attempt");
  assert.ok(body.nextAttemptAt);
  const [entry] = await db.query<{ action: string; user_id: number; metadata: Record<string, unknown> }>(
    "select action, user_id, metadata from audit_logs where entity_type = 'email' and entity_id = $1",
    [String(id)],
  );
  assert.equal(entry?.action, "STATUS_CHANGE");
  assert.equal(entry.user_id, admin.user.id);
  assert.equal(entry.metadata.resend, true);

  assert.equal(await deliverDue(db, worker()), 1);
  const [row] = await rows();
  assert.deepEqual([row.status, row.attempts, row.last_error], ["sent", 1, null]);
  assert.equal(fake.delivered().length, 1);

  // Only a failed message: a sent one is 409 and unchanged, an unknown one 404.
  const again = await admin.request(`/api/admin/outbox/${id}/resend`, { method: "POST" });
  assert.equal((await expectJson(again, 409)).code, "notify.notFailed");
  assert.equal((await rows())[0].status, "sent");
  assert.equal(
    (await expectJson(await admin.request("/api/admin/outbox/999999/resend", { method: "POST" }), 404)).code,
    "notify.messageNotFound",
  );
  await expectJson(await admin.request("/api/admin/outbox/abc/resend", { method: "POST" }), 400);
});

Deno.test(`${tag} POST /api/admin/outbox/:id/resend is for the outbox viewer only (others 403, signed out 401)`, async () => {
  await fresh("smtp2go");
  const [id] = await enqueue(1);
  fake.failNext(400);
  await deliverDue(db, worker());
  for (const role of ["purchase_team", "procurement_manager", "cost_finance_controller", "vendor"] as const) {
    const s = await as(t, role);
    await expectJson(await s.request(`/api/admin/outbox/${id}/resend`, { method: "POST" }), 403);
  }
  await expectJson(await app.request(`/api/admin/outbox/${id}/resend`, { method: "POST" }), 401);
  assert.deepEqual((await rows()).map((r) => r.status), ["failed"]);
});

Deno.test(`${tag} SendGrid: the worker delivers through @sendgrid/mail and marks the email 'sent'`, async () => {
  await fresh("sendgrid");
  await enqueue(1);
  assert.equal(await deliverDue(db, worker()), 1);
  assert.equal(fake.requests.length, 1);
  const [req] = fake.requests;
  assert.equal(req.provider, "sendgrid");
  assert.equal(req.path, "/v3/mail/send");
  assert.equal(req.headers["authorization"], `Bearer ${SENDGRID_KEY}`);
  const body = req.body as {
    personalizations: { to: { email: string }[] }[];
    from: { email: string };
    subject: string;
    content: { type: string; value: string }[];
  };
  assert.deepEqual(body.personalizations.map((p) => p.to.map((x) => x.email)), [["to-1@example.com"]]);
  assert.equal(body.from.email, SENDER);
  assert.equal(body.subject, "Subject 1");
  assert.deepEqual(body.content, [{ type: "text/plain", value: "Body 1\nsecond line" }]);

  const [row] = await rows();
  assert.deepEqual([row.status, row.provider, row.attempts, row.last_error], ["sent", "sendgrid", 1, null]);
  assert.equal(row.provider_message_id, req.messageId);
});

Deno.test(`${tag} SendGrid: a 500 is retried, a 400 fails at once`, async () => {
  await fresh("sendgrid");
  const [retry, reject] = await enqueue(2);
  fake.failNext(500);
  fake.failNext(400);
  assert.equal(await deliverDue(db, worker()), 1);
  const byId = new Map((await rows()).map((r) => [r.id, r]));
  assert.deepEqual([byId.get(retry)!.status, byId.get(retry)!.attempts], ["pending", 1]);
  assert.match(byId.get(retry)!.last_error ?? "", /^SendGrid 500/);
  assert.deepEqual([byId.get(reject)!.status, byId.get(reject)!.attempts], ["failed", 1]);
  assert.match(byId.get(reject)!.last_error ?? "", /^SendGrid 400/);
  await makeDue();
  assert.equal(await deliverDue(db, worker()), 1);
  assert.equal((await rows()).find((r) => r.id === retry)!.status, "sent");
  assert.deepEqual([...fake.deliveredCountByRecipient()], [["to-1@example.com", 1]]);
});

// ---------------------------------------------------------------------------------------------
// Never twice: concurrent workers, and a worker killed mid-batch

const onPostgres = testBackend() === "postgres";
const PG_ONLY = "(PostgreSQL only: an in-memory PGlite database cannot be shared by two connections or processes)";

/** A database of its own on the test server (a copy of the migrated template) and its URL. */
async function ownDatabase() {
  // The testApp() above has prepared the template already.
  const created = await createPostgresDatabase({ template: TEMPLATE_DATABASE });
  const main = openPostgres(created.url, 3);
  return {
    url: created.url,
    db: main,
    async close() {
      await main.close();
      await created.drop();
    },
  };
}

/**
 * A barrier for `parties` workers: each `step()` waits until every worker still running has reached
 * its next step. A worker that is done calls `leave()`, so the other is not kept waiting for it.
 */
function lockStep(parties: number) {
  let waiting: (() => void)[] = [];
  const releaseWhenAllIn = () => {
    if (waiting.length < parties) return;
    const all = waiting;
    waiting = [];
    all.forEach((release) => release());
  };
  return {
    step: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        releaseWhenAllIn();
      }),
    leave() {
      parties--;
      releaseWhenAllIn();
    },
  };
}

function inLockStep(db: Db, step: () => Promise<void>): Db {
  return { ...db, query: async (text, params) => (await step(), await db.query(text, params)) };
}

Deno.test({
  name: `${tag} two workers on two connection pools in parallel never send the same email twice ${
    onPostgres ? "" : PG_ONLY
  }`,
  ignore: !onPostgres,
  fn: async () => {
    const own = await ownDatabase();
    const a = openPostgres(own.url, 2);
    const b = openPostgres(own.url, 2);
    try {
      fake.reset();
      await useProvider("smtp2go", own.db);
      await enqueue(100, "parallel", own.db);
      // Each worker's queries wait for the other worker's, so the two claim their next rows at the
      // same moments over and over: without the claim's row lock (`for update skip locked`), some emails go out twice (with `for update`
      // alone the second worker queues behind the first, slower but still once each).
      const barrier = lockStep(2);
      const run = async (pool: Db) => {
        try {
          return await deliverDue(inLockStep(pool, barrier.step), worker(), { max: 100 });
        } finally {
          barrier.leave();
        }
      };
      const [doneA, doneB] = await Promise.all([run(a), run(b)]);
      assert.equal(doneA + doneB, 100);
      assert.ok(doneA > 0 && doneB > 0, `both workers took part (${doneA} + ${doneB})`);
      const counts = fake.deliveredCountByRecipient();
      assert.deepEqual([...counts.entries()].filter(([, n]) => n !== 1), [], "every email exactly once");
      assert.equal(counts.size, 100);
      assert.equal(fake.requests.length, 100);
      const after = await rows(own.db);
      assert.ok(
        after.every((r) => r.status === "sent" && r.attempts === 1),
        JSON.stringify(after.filter((r) => r.status !== "sent")),
      );
    } finally {
      fake.reset();
      await a.close();
      await b.close();
      await own.close();
    }
  },
});

const WORKER_SCRIPT = join(import.meta.dirname!, "../helpers/outbox-worker-process.ts");
const REPO_ROOT = join(import.meta.dirname!, "../..");

function workerCommand(url: string) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", WORKER_SCRIPT, url, fake.env.SMTP2GO_BASE_URL],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  });
}

async function runWorkerToEnd(url: string) {
  const out = await workerCommand(url).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, `worker process failed: ${stderr}`);
  assert.equal(stderr, "");
}

Deno.test({
  name: `${tag} a worker process killed mid-batch and restarted delivers every email exactly once ${
    onPostgres ? "" : PG_ONLY
  }`,
  ignore: !onPostgres,
  fn: async () => {
    const own = await ownDatabase();
    try {
      fake.reset();
      await useProvider("smtp2go", own.db);
      const ids = await enqueue(20, "kill", own.db);
      const recipients = ids.map((_, i) => `kill-${i + 1}@example.com`);

      // A slow provider: the worker spends its time inside the provider call, which is where it dies.
      fake.setDelay(300);
      const child = workerCommand(own.url).spawn();
      await waitUntil(
        () => fake.delivered().length >= 5 && fake.requests.some((r) => r.state === "held"),
        { timeoutMs: 30_000, intervalMs: 5, message: "five deliveries and one more in flight" },
      );
      child.kill("SIGKILL");
      const status = await child.output();
      assert.equal(status.signal, "SIGKILL");
      await waitUntil(() => !fake.requests.some((r) => r.state === "held"), {
        timeoutMs: 30_000,
        intervalMs: 5,
        message: "the provider to notice the dead client",
      });

      const deliveredBeforeKill = fake.delivered().length;
      const inFlight = fake.requests.filter((r) => r.state === "abandoned");
      assert.equal(inFlight.length, 1, "the email in flight never got its answer");
      let after = await rows(own.db);
      assert.equal(
        after.filter((r) => r.status === "sent").length,
        deliveredBeforeKill,
        "every accepted email is marked sent",
      );
      const claimed = after.filter((r) => r.status === "sending");
      assert.equal(claimed.length, 1, "the killed worker leaves exactly one claimed row");
      assert.deepEqual([claimed[0].recipient], inFlight[0].to);
      assert.ok(
        claimed[0].locked_until instanceof Date && claimed[0].locked_until.getTime() > Date.now(),
        "its lease still runs",
      );
      assert.equal(after.filter((r) => r.status === "pending").length, 20 - deliveredBeforeKill - 1);

      // A new worker sends the rest, but not the row whose lease still runs: for all it knows, the
      // worker that claimed it is alive and sending it right now.
      fake.setDelay(0);
      await runWorkerToEnd(own.url);
      after = await rows(own.db);
      assert.deepEqual(after.filter((r) => r.status !== "sent").map((r) => [r.id, r.status]), [[
        claimed[0].id,
        "sending",
      ]]);

      // The lease (120 s in worker.ts) expiring: moving locked_until into the past is what waiting
      // for it would do, without making the test wait two minutes.
      await own.db.query(
        "update notification_outbox set locked_until = now() - interval '1 second' where status = 'sending'",
      );
      await runWorkerToEnd(own.url);

      after = await rows(own.db);
      assert.deepEqual(
        after.filter((r) => r.status !== "sent"),
        [],
        "outbox empty: nothing pending, sending or failed",
      );
      const counts = fake.deliveredCountByRecipient();
      assert.deepEqual(recipients.filter((r) => counts.get(r) !== 1), [], "every email delivered exactly once");
      assert.equal(fake.delivered().length, 20);
      assert.deepEqual(
        after.filter((r) => r.attempts !== 1).map((r) => [r.id, r.attempts]),
        [[claimed[0].id, 2]],
        "only the email in flight at the kill was attempted twice",
      );
      const messageIds = new Map(fake.delivered().map((r) => [r.to[0], r.messageId]));
      for (const r of after) assert.equal(r.provider_message_id, messageIds.get(r.recipient), r.recipient);
    } finally {
      fake.reset();
      await own.close();
    }
  },
});
