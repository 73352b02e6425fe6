/**
 * The notification stream (GET /api/notifications/stream, server-sent events): on connect it replays
 * the rows after Last-Event-ID (or ?after=), then sends each new row of its user as it commits, and
 * nothing of anyone else's. On PostgreSQL, two app instances over their own connections to one
 * database: a notification raised through one reaches a stream open on the other (LISTEN/NOTIFY), and
 * a reconnect with the last id received replays what was missed meanwhile.
 */
import assert from "node:assert/strict";
import { openPostgres } from "../../src/db/postgres.ts";
import { NOTIFICATIONS_CHANNEL } from "../../src/notify/live.ts";
import type { NotificationView } from "../../src/shared/notifications.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { createPostgresDatabase, TEMPLATE_DATABASE, testBackend } from "../helpers/db.ts";
import { as, type Session, signIn } from "../helpers/users.ts";
import { waitForListener } from "../helpers/wait.ts";

const tag = `[notifications-live/${testBackend()}]`;
const DAY = 86_400_000;

interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

/** An open stream read event by event; `next` fails after `ms` without one. */
async function openStream(s: Session, init: { lastEventId?: number; after?: number } = {}) {
  const headers = new Headers();
  if (init.lastEventId !== undefined) headers.set("last-event-id", String(init.lastEventId));
  const query = init.after !== undefined ? `?after=${init.after}` : "";
  const res = await s.request(`/api/notifications/stream${query}`, { headers });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const parse = (block: string): SseEvent | undefined => {
    const e: SseEvent = { data: "" };
    let any = false;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const [field, ...rest] = line.split(":");
      const value = rest.join(":").replace(/^ /, "");
      if (field === "event") e.event = value;
      else if (field === "id") e.id = value;
      else if (field === "data") e.data += value;
      else continue;
      any = true;
    }
    return any ? e : undefined;
  };
  async function next(ms = 5_000): Promise<SseEvent> {
    const until = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const e = parse(block);
        if (e) return e;
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), Math.max(0, until - Date.now()));
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error("the stream ended");
      buffer += chunk.value;
    }
  }
  /** The next `notification` event's row. */
  async function notification(ms?: number): Promise<NotificationView> {
    const e = await next(ms);
    assert.equal(e.event, "notification", JSON.stringify(e));
    const row = JSON.parse(e.data) as NotificationView;
    assert.equal(e.id, String(row.id), "the event id is the notification's");
    return row;
  }
  return { next, notification, close: () => reader.cancel() };
}

async function submitRequest(by: Session, title: string) {
  return await expectJson<{ id: number }>(
    await by.request("/api/purchase-requests", {
      method: "POST",
      json: {
        title,
        description: "Live",
        department: "Operations",
        justification: "Needed",
        deadline: new Date(Date.now() + 10 * DAY).toISOString(),
        items: [{ itemName: "Thing", quantity: 1, estimatedPrice: "10.00" }],
      },
    }),
    201,
  );
}

Deno.test(`${tag} a stream replays after Last-Event-ID, then delivers new rows of its user only, as they commit`, async () => {
  const t = await testApp();
  try {
    const team = await as(t, "purchase_team");
    const manager = await as(t, "procurement_manager");
    const finance = await as(t, "cost_finance_controller");
    const a = await submitRequest(team, "Live one");
    const b = await submitRequest(team, "Live two");
    const [newest, older] = (await expectJson<{ items: NotificationView[] }>(
      await manager.request("/api/notifications"),
      200,
    )).items;
    assert.deepEqual([older.entityId, newest.entityId], [a.id, b.id]);

    const stream = await openStream(manager, { lastEventId: older.id });
    assert.equal((await stream.next()).event, "ready");
    assert.equal((await stream.notification()).id, newest.id, "replayed: only what came after the last id");

    // Another user's notification never reaches this stream; the manager's next one does.
    await t.db.query(
      `insert into notifications (user_id, type, entity_kind, entity_id) values ($1, 'budget_threshold', 'budget', 1)`,
      [finance.user.id],
    );
    const c = await submitRequest(team, "Live three");
    const live = await stream.notification();
    assert.equal(live.entityId, c.id);
    assert.equal(live.type, "approval_requested");
    assert.equal(live.params.title, "Live three");
    await stream.close();

    // Without Last-Event-ID, ?after= says where to resume; without either, nothing old is replayed.
    const resumed = await openStream(manager, { after: older.id });
    await resumed.next();
    assert.equal((await resumed.notification()).id, newest.id);
    await resumed.close();
    const fresh = await openStream(manager);
    await fresh.next();
    await assert.rejects(fresh.next(300), /no event/);
    await fresh.close();
  } finally {
    await t.close();
  }
});

Deno.test({
  name:
    `${tag} two instances on one PostgreSQL: raised on one, delivered live on the other; a reconnect replays what was missed`,
  ignore: testBackend() !== "postgres",
  async fn() {
    const first = await testApp(); // prepares the template the shared database is cloned from
    const database = await createPostgresDatabase({ template: TEMPLATE_DATABASE });
    const dbA = openPostgres(database.url, 3);
    const dbB = openPostgres(database.url, 3);
    const one = await testApp({ db: dbA });
    const two = await testApp({ db: dbB });
    try {
      const team = await as(one, "purchase_team");
      const managerUser = (await as(one, "procurement_manager")).user;
      const managerOnTwo = await signIn(two, managerUser);
      const stream = await openStream(managerOnTwo);
      assert.equal((await stream.next()).event, "ready");
      await waitForListener(dbA, NOTIFICATIONS_CHANNEL);

      const started = Date.now();
      const pr = await submitRequest(team, "Raised on instance one");
      const got = await stream.notification(5_000);
      assert.equal(got.entityId, pr.id);
      assert.ok(Date.now() - started < 2_000, `delivered across instances in ${Date.now() - started} ms`);
      await stream.close();

      // Disconnected: two more are raised on instance one; the reconnect (Last-Event-ID) gets both, in order.
      const missed = [
        await submitRequest(team, "Missed one"),
        await submitRequest(team, "Missed two"),
      ];
      const again = await openStream(managerOnTwo, { lastEventId: got.id });
      await again.next();
      assert.deepEqual(
        [(await again.notification()).entityId, (await again.notification()).entityId],
        missed.map((m) => m.id),
      );
      await again.close();
    } finally {
      await one.close();
      await two.close();
      await dbA.close();
      await dbB.close();
      await database.drop();
      await first.close();
    }
  },
});
