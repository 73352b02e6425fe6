/**
 * The purchase request list's answer cache (src/lib/list-cache.ts, sql/0030, docs/decisions/017):
 * an answer is served again only until a committed change can have altered it. A write through the
 * instance is seen at once; a write anywhere else (another instance, plain SQL on another
 * connection) once its notification has arrived; an answer whose query overlapped a change is not
 * kept; a lost listening connection stops the cache until it listens again; each role has its own
 * entries; LIST_CACHE_ENTRIES=0 turns it off. Whether an answer came from the cache is seen by
 * counting the page statements the database was asked for.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend, testDb } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";
import { waitUntil } from "../helpers/wait.ts";
import type { ChangeHandlers, Db } from "../../src/db/types.ts";
import { PURCHASE_REQUEST_LIST_CHANNEL } from "../../src/lib/list-cache.ts";

const tag = `[list-cache/${testBackend()}]`;
const ON = { LIST_CACHE_ENTRIES: "100" };
const DAY = 86_400_000;

/**
 * The test database with a count of the list's page statements, an optional hold on their answers,
 * and notifications to the app that can be held back (`muted`) and let through later (`unmute`).
 */
function counting(db: Db) {
  const held: (() => void)[] = [];
  const state = {
    pages: 0,
    hold: undefined as Promise<void> | undefined,
    muted: false,
    unmute() {
      state.muted = false;
      for (const notify of held.splice(0)) notify();
    },
  };
  const wrapped: Db = {
    ...db,
    listen: (channel, h) =>
      db.listen!(channel, { ...h, notify: () => state.muted ? void held.push(h.notify) : h.notify() }),
    async query(text, params) {
      const rows = await db.query(text, params);
      if (text.includes("with page as") && text.includes("purchase_requests pr")) {
        state.pages++;
        // The statement has run (it read the rows as they were); its answer comes back later.
        if (state.hold) await state.hold;
      }
      return rows as never;
    },
  };
  return { db: wrapped, state };
}

/** Follows the same channel as the app, on the same listening connection: it is told what the app is told. */
function follow(db: Db) {
  const seen = { notified: 0, up: 0, down: 0 };
  const handlers: ChangeHandlers = {
    notify: () => void seen.notified++,
    up: () => void seen.up++,
    down: () => void seen.down++,
  };
  const stop = db.listen!(PURCHASE_REQUEST_LIST_CHANNEL, handlers);
  return { seen, stop };
}

async function titles(s: Session, query = "") {
  const res = await s.request(`/api/purchase-requests${query}`);
  return (await expectJson<{ id: number; title: string }[]>(res, 200)).map((r) => r.title);
}

async function create(s: Session, categoryId: number, title: string) {
  const res = await s.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title,
      description: "cache test",
      department: "IT",
      justification: "j",
      deadline: new Date(Date.now() + 20 * DAY).toISOString(),
      categoryId,
      items: [{ itemName: "Paper", quantity: 1, estimatedPrice: 5, unit: "pcs" }],
    },
  });
  return (await expectJson<{ id: number }>(res, 201)).id;
}

async function setup(env: Record<string, string> = ON) {
  const own = await testDb();
  const { db, state } = counting(own.db);
  const t = await testApp({ db, env });
  const follower = follow(own.db);
  const manager = await as(t, "procurement_manager");
  const category = await createCategory(own.db);
  const first = await create(manager, category, "First");
  // The app is listening (its follower and ours share the connection: ours up means its up).
  await waitUntil(() => follower.seen.up > 0, { message: "listening" });
  return {
    t,
    raw: own.db,
    state,
    follower,
    manager,
    category,
    first,
    close: async () => {
      follower.stop();
      await own.close();
    },
  };
}

Deno.test(`${tag} a repeated list is answered from the cache; a change through the instance is seen at once`, async () => {
  const s = await setup();
  try {
    assert.deepEqual(await titles(s.manager), ["First"]);
    const pages = s.state.pages;
    const again = await s.manager.request("/api/purchase-requests");
    assert.deepEqual((await expectJson<{ title: string }[]>(again, 200)).map((r) => r.title), ["First"]);
    assert.equal(again.headers.get("x-total-count"), "1", "the headers are kept with the body");
    assert.equal(s.state.pages, pages, "the second answer came from the cache");
    // The same request spelt differently (defaults written out) shares the entry.
    assert.deepEqual(await titles(s.manager, "?limit=50&offset=0"), ["First"]);
    assert.equal(s.state.pages, pages);

    // The database's notification of the change is held back from the app: the instance must have
    // dropped its answers itself when it answered the change.
    s.state.muted = true;
    await create(s.manager, s.category, "Second");
    assert.deepEqual(await titles(s.manager), ["Second", "First"]);
    s.state.unmute();
  } finally {
    await s.close();
  }
});

Deno.test(`${tag} a change by plain SQL on another connection is seen once its notification has arrived`, async () => {
  const s = await setup();
  try {
    assert.deepEqual(await titles(s.manager), ["First"]);
    const notified = s.follower.seen.notified;
    await s.raw.query("update purchase_requests set title = 'Renamed' where id = $1", [s.first]);
    await waitUntil(() => s.follower.seen.notified > notified, { message: "the notification" });
    assert.deepEqual(await titles(s.manager), ["Renamed"]);
    // A category renamed shows in the rows of its requests (the list reads category names).
    const before = s.follower.seen.notified;
    await s.raw.query("update categories set name = 'Renamed category' where id = $1", [s.category]);
    await waitUntil(() => s.follower.seen.notified > before, { message: "the notification" });
    const res = await s.manager.request("/api/purchase-requests");
    assert.equal((await expectJson<{ categoryName: string }[]>(res, 200))[0].categoryName, "Renamed category");
    // A transaction rolled back notifies nothing and changes nothing: the cached answer stays right.
    const pages = s.state.pages;
    await s.raw.tx(async (tx) => {
      await tx.query("update purchase_requests set title = 'Never' where id = $1", [s.first]);
      throw new Error("roll back");
    }).catch(() => {});
    assert.deepEqual(await titles(s.manager), ["Renamed"]);
    assert.equal(s.state.pages, pages, "still answered from the cache");
  } finally {
    await s.close();
  }
});

Deno.test(`${tag} a change through another instance on the same database is seen once notified`, async () => {
  const s = await setup();
  // A second app (instance) with its own cache on the same database.
  const other = await testApp({ db: s.raw, env: ON });
  try {
    const otherManager = await as(other, "procurement_manager");
    assert.deepEqual(await titles(s.manager), ["First"]);
    const notified = s.follower.seen.notified;
    await create(otherManager, s.category, "From the other instance");
    await waitUntil(() => s.follower.seen.notified > notified, { message: "the notification" });
    assert.deepEqual(await titles(s.manager), ["From the other instance", "First"]);
  } finally {
    await s.close();
  }
});

Deno.test(`${tag} an answer whose query overlapped a change is not kept`, async () => {
  const s = await setup();
  try {
    let release = () => {};
    s.state.hold = new Promise<void>((r) => (release = r));
    // The page statement runs and has read "First" only; its answer is held back.
    const pages = s.state.pages;
    const inFlight = titles(s.manager);
    await waitUntil(() => s.state.pages > pages, { message: "the page statement" });
    const notified = s.follower.seen.notified;
    await s.raw.query("update purchase_requests set title = 'Changed meanwhile' where id = $1", [s.first]);
    await waitUntil(() => s.follower.seen.notified > notified, { message: "the notification" });
    s.state.hold = undefined;
    release();
    assert.deepEqual(await inFlight, ["First"], "the overlapping answer itself is what its query read");
    // Had it been kept, this would be "First" again.
    assert.deepEqual(await titles(s.manager), ["Changed meanwhile"]);
  } finally {
    await s.close();
  }
});

Deno.test(`${tag} each role has its own entries, and a refused caller gets no cached page`, async () => {
  const s = await setup();
  try {
    const team = await as(s.t, "purchase_team");
    const vendor = await as(s.t, "vendor");
    assert.deepEqual(await titles(s.manager), ["First"]);
    const pages = s.state.pages;
    assert.deepEqual(await titles(team), ["First"]);
    assert.equal(s.state.pages, pages + 1, "another role's request builds its own answer");
    await titles(team);
    assert.equal(s.state.pages, pages + 1, "and then reuses it");
    await expectError(await vendor.request("/api/purchase-requests"), 403);
    assert.equal((await s.t.app.request("/api/purchase-requests")).status, 401);
  } finally {
    await s.close();
  }
});

Deno.test(`${tag} LIST_CACHE_ENTRIES=0: every list is built, and a change by SQL is seen at once`, async () => {
  const s = await setup({ LIST_CACHE_ENTRIES: "0" });
  try {
    assert.deepEqual(await titles(s.manager), ["First"]);
    const pages = s.state.pages;
    await s.raw.query("update purchase_requests set title = 'Renamed' where id = $1", [s.first]);
    assert.deepEqual(await titles(s.manager), ["Renamed"]);
    assert.equal(s.state.pages, pages + 1);
  } finally {
    await s.close();
  }
});

Deno.test({
  name: `${tag} a lost listening connection stops the cache until it listens again (changes meanwhile are seen)`,
  ignore: testBackend() !== "postgres",
  async fn() {
    const s = await setup();
    try {
      assert.deepEqual(await titles(s.manager), ["First"]);
      const { down, up } = s.follower.seen;
      await s.raw.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await waitUntil(() => s.follower.seen.down > down, { message: "the connection lost" });
      // Nobody hears this one if it commits before the LISTEN is back: the cache must not answer.
      await s.raw.query("update purchase_requests set title = 'While down' where id = $1", [s.first]);
      assert.deepEqual(await titles(s.manager), ["While down"]);
      await waitUntil(() => s.follower.seen.up > up, { message: "listening again" });
      assert.deepEqual(await titles(s.manager), ["While down"]);
      const pages = s.state.pages;
      assert.deepEqual(await titles(s.manager), ["While down"]);
      assert.equal(s.state.pages, pages, "cached again once listening");
    } finally {
      await s.close();
    }
  },
});
