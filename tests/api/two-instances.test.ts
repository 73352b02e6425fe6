/**
 * design.md section 4: several stateless instances on one PostgreSQL. Two real server processes
 * start at the same moment on one EMPTY database: the migrations run once (advisory lock), the
 * demo seed runs once, both serve, and a session issued by one is honoured by the other.
 */
import assert from "node:assert/strict";
import { readMigrationFiles } from "../../src/db/migrate.ts";
import { openPostgres } from "../../src/db/postgres.ts";
import { createPostgresDatabase, testBackend } from "../helpers/db.ts";
import { startServer } from "../e2e/helpers.ts";
import { waitUntil } from "../helpers/wait.ts";

const onPostgres = testBackend() === "postgres";

/** Both instances share the signing keys, as they would behind one load balancer. */
const sharedEnv = (url: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: url,
  JWT_SECRET: "s".repeat(48),
  SEALED_BID_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(3))),
  SEED_DEMO: "true",
  ...extra,
});

/** The manager's session cookie, signed in on the server at `base`. */
async function signInManager(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager@example.com", password: "demo123" }),
  });
  assert.equal(login.status, 200);
  await login.body?.cancel();
  return login.headers.get("set-cookie")!.split(";")[0];
}

Deno.test({
  name: "[instances/postgres] two servers started together on one empty database migrate once and both serve",
  ignore: !onPostgres,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const database = await createPostgresDatabase();
    const env = sharedEnv(database.url);
    const servers = await Promise.all([startServer(env), startServer(env)]);
    const db = openPostgres(database.url, 2);
    try {
      for (const s of servers) {
        assert.equal((await fetch(`${s.url}/readyz`).then((r) => r.json())).status, "ready");
      }
      const files = await readMigrationFiles();
      const applied = await db.query<{ version: string }>("select version from schema_migrations order by version");
      assert.deepEqual(applied.map((r) => r.version), files.map((f) => f.version), "each migration exactly once");
      const [{ admins }] = await db.query<{ admins: number }>(
        "select count(*)::int as admins from users where username = 'admin'",
      );
      assert.equal(admins, 1, "the demo seed ran once");

      const cookie = await signInManager(servers[0].url);
      const other = await fetch(`${servers[1].url}/api/auth/user`, { headers: { cookie } });
      assert.equal(other.status, 200, "a session from one instance works on the other");
      assert.equal((await other.json()).email, "manager@example.com");
      for (const s of servers) assert.deepEqual(s.errors(), []);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await db.close();
      await database.drop();
    }
  },
});

Deno.test({
  name: "[instances/postgres] a purchase request created on one server shows in the other's cached list once notified",
  ignore: !onPostgres,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const database = await createPostgresDatabase();
    // Both keep list answers (docs/decisions/017), as in production.
    const env = sharedEnv(database.url, { LIST_CACHE_ENTRIES: "100" });
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const db = openPostgres(database.url, 1);
    try {
      const cookie = await signInManager(a.url);
      const firstRow = async (limit = 1) => {
        const res = await fetch(`${b.url}/api/purchase-requests?limit=${limit}`, { headers: { cookie } });
        assert.equal(res.status, 200);
        return (await res.json())[0] as { id: number; title: string };
      };
      const firstTitle = async () => (await firstRow()).title;
      const before = await firstRow();
      // A change the database does not announce (triggers off for this transaction: no NOTIFY)
      // shows in a query B has not answered yet, and not in the answer B keeps: B served it again
      // from its cache instead of asking the database.
      await db.tx(async (tx) => {
        await tx.query("set local session_replication_role = replica");
        await tx.query("update purchase_requests set title = 'Changed unannounced' where id = $1", [before.id]);
      });
      assert.equal((await firstRow(2)).title, "Changed unannounced", "an uncached query reads the change");
      assert.equal(await firstTitle(), before.title, "answered again from B's cache");
      const created = await fetch(`${a.url}/api/purchase-requests`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({
          title: "Made on the other server",
          description: "two instances",
          department: "IT",
          justification: "j",
          deadline: new Date(Date.now() + 20 * 86_400_000).toISOString(),
          items: [{ itemName: "Paper", quantity: 1, estimatedPrice: 5, unit: "pcs" }],
        }),
      });
      assert.equal(created.status, 201, await created.text());
      // The other server hears of the commit by notification: poll with a deadline, no fixed wait.
      await waitUntil(async () => await firstTitle() === "Made on the other server", {
        intervalMs: 20,
        message: "B's first row to be the request made on A",
      });
      for (const s of [a, b]) assert.deepEqual(s.errors(), []);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await db.close();
      await database.drop();
    }
  },
});
