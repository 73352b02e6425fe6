/**
 * Work without a request (the bid clock) writes its audit entries through the audit
 * module: actor = system (no user, address or browser), metadata redacted like any other entry.
 */
import assert from "node:assert/strict";
import { auditSystem } from "../../src/audit/audit.ts";
import { testBackend, testDb } from "../helpers/db.ts";

const tag = `[audit/${testBackend()}]`;
const { db, close } = await testDb();
Deno.test.afterAll(close);

Deno.test(`${tag} auditSystem writes a system entry (no user, IP or user agent) with secrets redacted`, async () => {
  await db.tx((tx) =>
    auditSystem(tx, {
      action: "STATUS_CHANGE",
      entityType: "bid_request",
      entityId: 4242,
      metadata: { by: "deadline", apiKey: "s3cret", nested: { token: "t0ken" } },
    })
  );
  const [row] = await db.query<
    { user_id: number | null; ip: string | null; user_agent: string | null; metadata: unknown }
  >(
    "select user_id, ip, user_agent, metadata from audit_logs where entity_type = 'bid_request' and entity_id = '4242'",
  );
  assert.deepEqual(row, {
    user_id: null,
    ip: null,
    user_agent: null,
    metadata: { by: "deadline", apiKey: "[redacted]", nested: { token: "[redacted]" } },
  });
});
