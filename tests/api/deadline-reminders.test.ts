/**
 * Quotation deadline reminders (src/jobs/deadline-reminders.ts): one email per vendor per request,
 * within auto_reminder_hours of the deadline, only to vendors who could still answer and have not,
 * and only when the settings and the vendor's own preferences allow it.
 */
import assert from "node:assert/strict";
import { runDeadlineReminders } from "../../src/jobs/deadline-reminders.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[reminders/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);
const logger = createLogger("silent");
const HOUR = 3_600_000;

const CAT = await createCategory(db, "Reminder stationery");
const OTHER = await createCategory(db, "Reminder vehicles");
const team = await as(t, "purchase_team");
const quiet = await as(t, "vendor", { categoryIds: [CAT] });
const answered = await as(t, "vendor", { categoryIds: [CAT] });
const optedOut = await as(t, "vendor", { categoryIds: [CAT] });
const elsewhere = await as(t, "vendor", { categoryIds: [OTHER] });

async function activeRequest(hoursLeft: number) {
  const res = await team.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: `Reminder request ${crypto.randomUUID().slice(0, 6)}`,
      description: "d",
      department: "Ops",
      justification: "j",
      requestType: "vendor_quote",
      categoryId: CAT,
      deadline: new Date(Date.now() + hoursLeft * HOUR).toISOString(),
      items: [{ itemName: "Pens", quantity: 2, estimatedPrice: "3.00", categoryId: CAT }],
    },
  });
  const pr = await expectJson<{ id: number; requestId: string; items: { id: number }[] }>(res, 201);
  await db.query("update purchase_requests set status = 'active' where id = $1", [pr.id]);
  return pr;
}

/** A bid request in CAT closing for bids in `hoursLeft` hours (open unless said). */
async function bidRequest(manager: Session, fields: Record<string, unknown>, hoursLeft: number) {
  return await expectJson<{ id: number; bidNumber: string; items: { id: number }[] }>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        description: "d",
        department: "Ops",
        qualificationCriteria: "q",
        biddingMode: "open",
        categoryId: CAT,
        deadline: new Date(Date.now() + 30 * HOUR).toISOString(),
        biddingDeadline: new Date(Date.now() + hoursLeft * HOUR).toISOString(),
        items: [{ itemName: "Sealed pens", quantity: 1, estimatedPrice: "3.00", categoryId: CAT }],
        ...fields,
      },
    }),
    201,
  );
}

async function remindersTo(email: string) {
  return await db.query<{ subject: string; body: string }>(
    "select subject, body from notification_outbox where recipient = $1 and subject like 'Reminder:%'",
    [email],
  );
}

Deno.test(`${tag} vendors who have not answered get one reminder within auto_reminder_hours, never twice`, async () => {
  await db.query("update settings set value = '24' where key = 'auto_reminder_hours'");
  await db.query("update settings set value = 'true' where key = 'deadline_reminders_enabled'");
  const soon = await activeRequest(10);
  const later = await activeRequest(48);
  const quote = await answered.request("/api/vendor/quotations", {
    method: "POST",
    json: { purchaseRequestId: soon.id, items: [{ itemId: soon.items[0].id, unitPrice: "2.50" }] },
  });
  await expectJson(quote, 201);
  await optedOut.request("/api/profile/preferences", {
    method: "PUT",
    json: { emailNotifications: true, opportunityEmails: true, deadlineReminders: false },
  });

  await runDeadlineReminders(db, logger);
  const mail = await remindersTo(quiet.user.email);
  assert.equal(mail.length, 1, "the vendor who has not answered");
  assert.match(mail[0].body, new RegExp(soon.requestId));
  assert.ok(!mail.some((m) => m.body.includes(later.requestId)), "48 h away is outside the 24 h window");
  assert.equal((await remindersTo(answered.user.email)).length, 0, "already quoted");
  assert.equal((await remindersTo(optedOut.user.email)).length, 0, "turned reminders off");
  assert.equal((await remindersTo(elsewhere.user.email)).length, 0, "not in the category");

  await runDeadlineReminders(db, logger);
  assert.equal((await remindersTo(quiet.user.email)).length, 1, "never twice");
});

Deno.test(`${tag} no reminders when deadline_reminders_enabled is off`, async () => {
  await db.query("update settings set value = 'false' where key = 'deadline_reminders_enabled'");
  try {
    await activeRequest(5);
    assert.equal(await runDeadlineReminders(db, logger), 0);
  } finally {
    await db.query("update settings set value = 'true' where key = 'deadline_reminders_enabled'");
  }
});

Deno.test(`${tag} a sealed bid's reminder goes to every subscribed vendor, submitted or not, with the same text`, async () => {
  const manager = await as(t, "procurement_manager");
  const bid = await bidRequest(manager, { title: "Sealed reminder tender", biddingMode: "sealed" }, 6);
  await expectJson(
    await answered.request("/api/vendor/quotations", {
      method: "POST",
      json: { bidRequestId: bid.id, items: [{ itemId: bid.items[0].id, unitPrice: "2.75" }] },
    }),
    201,
  );
  await runDeadlineReminders(db, logger);
  const about = async (email: string) =>
    (await remindersTo(email)).filter((m) => m.subject.includes(bid.bidNumber)).map((m) => [m.subject, m.body]);
  const toQuiet = await about(quiet.user.email);
  const toAnswered = await about(answered.user.email);
  assert.equal(toQuiet.length, 1, "the vendor who has not bid");
  assert.deepEqual(toAnswered, toQuiet, "the vendor who has bid gets the very same reminder");
  assert.match(toQuiet[0][1], /every vendor invited/);
  assert.deepEqual(await about(optedOut.user.email), [], "turned reminders off");
  assert.deepEqual(await about(elsewhere.user.email), [], "not in the category");
});

Deno.test(`${tag} a request gone out to bid is reminded of as the bid, not as itself, until the bid is cancelled`, async () => {
  const manager = await as(t, "procurement_manager");
  const pr = await activeRequest(9);
  const bid = await bidRequest(manager, { purchaseRequestId: pr.id, title: "Reminder conversion" }, 7);
  const about = async (needle: string) =>
    (await remindersTo(quiet.user.email)).filter((m) => m.subject.includes(needle) || m.body.includes(needle));
  await runDeadlineReminders(db, logger);
  assert.equal((await about(bid.bidNumber)).length, 1, "the vendor is reminded of the bid");
  assert.equal((await about(pr.requestId)).length, 0, "not of the request the bid answers");

  // Cancelled, the bid no longer stands for the request: the request is open to quotes again.
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [bid.id]);
  await runDeadlineReminders(db, logger);
  assert.equal((await about(pr.requestId)).length, 1, "reminded of the request once its bid is cancelled");
});
