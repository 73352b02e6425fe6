import assert from "node:assert/strict";
import { verifyPassword } from "../auth/password.ts";
import { createLogger } from "../lib/logger.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { checkInvariants, counts, freshDb, none, values } from "../../tests/helpers/seed-checks.ts";
import { seedDemo } from "./seed.ts";

const logger = createLogger("silent");

Deno.test("[seed] seedDemo fills an empty database once, with every status and exact money", async () => {
  const db = await freshDb();
  try {
    assert.equal(await seedDemo(db, logger), true);

    assert.deepEqual(
      await values(db, "select distinct status as v from purchase_requests"),
      ["active", "cancelled", "completed", "draft", "pending", "rejected"],
    );
    assert.deepEqual(
      await values(db, "select distinct request_type as v from purchase_requests"),
      ["bid_required", "internal", "vendor_quote"],
    );
    assert.deepEqual(
      await values(db, "select distinct status as v from bid_requests"),
      ["awarded", "bidding_closed", "bidding_open", "cancelled", "draft", "evaluation", "published"],
    );
    assert.deepEqual(await values(db, "select distinct bidding_mode as v from bid_requests"), ["open", "sealed"]);
    assert.deepEqual(
      await values(db, "select distinct status as v from quotations"),
      ["approved", "rejected", "submitted", "superseded", "under_review"],
    );
    assert.deepEqual(
      await values(db, "select distinct status as v from vendor_profiles"),
      ["approved", "pending", "rejected"],
    );
    assert.deepEqual(
      await values(db, "select distinct action as v from purchase_request_events"),
      ["approved", "awarded", "converted", "created", "rejected", "status_changed"],
    );
    const [c] = await db.query<{ categories: number; vendors: number; orders: number }>(
      `select (select count(*)::int from categories) as categories, (select count(*)::int from vendor_profiles) as vendors,
         (select count(*)::int from purchase_orders) as orders`,
    );
    assert.ok(c.categories >= 8 && c.vendors >= 8);
    assert.equal(c.orders, 1);

    // The fixed demo sign-ins, with the right role and a password that verifies.
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await db.query<{ role: string; username: string | null; password_hash: string; is_active: boolean }>(
        `select r.name as role, u.username, u.password_hash, u.is_active from users u join roles r on r.id = u.role_id
         where u.email = $1`,
        [a.email],
      );
      assert.ok(u, `missing ${a.email}`);
      assert.equal(u.role, a.role);
      assert.equal(u.is_active, true);
      assert.equal(u.username, a.role === "admin" ? a.signIn : null);
      assert.ok(await verifyPassword(u.password_hash, a.password), `password of ${a.email}`);
      assert.equal(await verifyPassword(u.password_hash, "wrong-password"), false);
      if (a.role === "vendor") {
        const [v] = await db.query<{ status: string; n: number }>(
          `select status, (select count(*)::int from vendor_categories where vendor_id = user_id) as n
           from vendor_profiles where user_id = (select id from users where email = $1)`,
          [a.email],
        );
        assert.equal(v.status, "approved");
        assert.ok(v.n >= 1);
      }
    }
    await none(
      db,
      "pending or rejected vendor with a password, or rejected without reason",
      `select user_id
      from vendor_profiles v join users u on u.id = v.user_id
      where (v.status <> 'approved' and u.password_hash is not null)
         or (v.status = 'rejected' and coalesce(v.rejection_reason, '') = '')`,
    );
    await none(
      db,
      "active request with a past deadline or completed with a future one",
      `select id
      from purchase_requests where (status = 'active' and deadline < now()) or (status = 'completed' and deadline > now())`,
    );
    await none(
      db,
      "request number not in creation order",
      `select a.id from purchase_requests a
      join purchase_requests b on a.created_at < b.created_at and a.request_number > b.request_number`,
    );
    await checkInvariants(db);

    const before = await counts(db);
    assert.equal(await seedDemo(db, logger), false);
    assert.deepEqual(await counts(db), before);
  } finally {
    await db.close();
  }
});
