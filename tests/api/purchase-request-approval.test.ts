import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, type Session } from "../helpers/users.ts";

const tag = `[purchase-requests/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Furniture");
const OTHER = await createCategory(db, "Chemicals");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const manager2 = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const admin = await as(t, "admin");
const DAY = 86_400_000;

type Pr = {
  id: number;
  requestId: string;
  status: string;
  approvalsRequired: number;
  estimatedBudget: string;
  version: number;
  rejectionReason: string | null;
  history: {
    action: string;
    stage: string | null;
    fromStatus: string | null;
    toStatus: string | null;
    comment: string;
    actor: { id: number } | null;
  }[];
};

async function createPr(by: Session, price: string, over: Record<string, unknown> = {}): Promise<Pr> {
  const res = await by.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: `Request at ${price}`,
      description: "Approval test",
      department: "Operations",
      justification: "Needed",
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
      items: [{ itemName: "Thing", quantity: 1, estimatedPrice: price }],
      ...over,
    },
  });
  return await expectJson<Pr>(res, 201);
}

const approve = (s: Session, id: number, comment?: string) =>
  s.request(`/api/purchase-requests/${id}/approve`, { method: "POST", json: comment === undefined ? {} : { comment } });
const reject = (s: Session, id: number, body: unknown) =>
  s.request(`/api/purchase-requests/${id}/reject`, { method: "POST", json: body });

async function row(id: number) {
  return (await db.query<{ status: string; version: number }>(
    "select status, version from purchase_requests where id = $1",
    [id],
  ))[0];
}

async function outboxTo(email: string) {
  return await db.query<{ subject: string; body: string }>(
    "select subject, body from notification_outbox where recipient = $1 order by id",
    [email],
  );
}

Deno.test.beforeAll(async () => {
  await db.query("update settings set value = '10000.00' where key = 'approval_threshold'");
});

Deno.test(`${tag} POST /api/purchase-requests/:id/approve: a budget of exactly 10000.00 needs one approval`, async () => {
  const pr = await createPr(team, "10000.00");
  assert.equal(pr.estimatedBudget, "10000.00");
  assert.equal(pr.approvalsRequired, 1);
  const got = await expectJson<Pr>(await approve(manager, pr.id, "fine"), 200);
  assert.equal(got.status, "active");
  assert.deepEqual(
    got.history.map((h) => [h.action, h.stage, h.fromStatus, h.toStatus, h.comment, h.actor?.id]),
    [["created", null, null, "pending", "", team.user.id], [
      "approved",
      "manager",
      "pending",
      "active",
      "fine",
      manager.user.id,
    ]],
  );
  const audits = await db.query<{ user_id: number; metadata: { stage: string } }>(
    "select user_id, metadata from audit_logs where action = 'APPROVE' and entity_id = $1",
    [String(pr.id)],
  );
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, manager.user.id);
  assert.equal(audits[0].metadata.stage, "manager");
});

Deno.test(`${tag} POST /api/purchase-requests/:id/approve: 9999.99 needs one approval`, async () => {
  const pr = await createPr(team, "9999.99");
  assert.equal(pr.approvalsRequired, 1);
  assert.equal((await expectJson<Pr>(await approve(manager, pr.id), 200)).status, "active");
});

Deno.test(`${tag} POST /api/purchase-requests/:id/approve: 10000.01 needs a manager and then a cost/finance controller`, async () => {
  const pr = await createPr(team, "10000.01");
  assert.equal(pr.approvalsRequired, 2);
  const first = await expectJson<Pr>(await approve(manager, pr.id), 200);
  assert.equal(first.status, "pending");
  assert.equal(first.approvalsRequired, 2);

  const again = await approve(manager, pr.id);
  assert.equal((await expectJson(again, 409)).message, "You have already approved this request");
  const secondManager = await approve(manager2, pr.id);
  assert.equal(
    (await expectJson(secondManager, 409)).message,
    "This request now needs a cost/finance controller's approval",
  );
  assert.equal((await row(pr.id)).status, "pending");

  const done = await expectJson<Pr>(await approve(finance, pr.id, "budget ok"), 200);
  assert.equal(done.status, "active");
  assert.deepEqual(
    done.history.filter((h) => h.action === "approved").map((h) => [h.stage, h.toStatus, h.actor?.id]),
    [["manager", "pending", manager.user.id], ["finance", "active", finance.user.id]],
  );
  assert.equal(
    (await expectJson(await approve(finance, pr.id), 409)).message,
    "Only pending requests can be approved (this one is active)",
  );
});

Deno.test(`${tag} POST /api/purchase-requests/:id/approve: above the threshold, finance first then a manager also completes`, async () => {
  const pr = await createPr(team, "25000.00");
  const first = await expectJson<Pr>(await approve(finance, pr.id), 200);
  assert.equal(first.status, "pending");
  const finance2 = await as(t, "cost_finance_controller");
  assert.equal(
    (await expectJson(await approve(finance2, pr.id), 409)).message,
    "A manager must approve this request too",
  );
  const done = await expectJson<Pr>(await approve(admin, pr.id), 200);
  assert.equal(done.status, "active");
  assert.deepEqual(
    done.history.filter((h) => h.action === "approved").map((h) => h.stage),
    ["finance", "manager"],
  );
});

Deno.test(`${tag} the threshold follows the approval_threshold setting`, async () => {
  await db.query("update settings set value = '500.00' where key = 'approval_threshold'");
  try {
    const above = await createPr(team, "500.01");
    assert.equal(above.approvalsRequired, 2);
    assert.equal((await expectJson<Pr>(await approve(manager, above.id), 200)).status, "pending");
    const at = await createPr(team, "500.00");
    assert.equal((await expectJson<Pr>(await approve(manager, at.id), 200)).status, "active");
  } finally {
    await db.query("update settings set value = '10000.00' where key = 'approval_threshold'");
  }
});

Deno.test(`${tag} approve and reject only a pending request (409 otherwise, nothing changed)`, async () => {
  for (const status of ["draft", "active", "rejected", "completed", "cancelled"]) {
    const pr = await createPr(team, "10.00");
    await db.query("update purchase_requests set status = $2 where id = $1", [pr.id, status]);
    assert.equal(
      (await expectJson(await approve(manager, pr.id), 409)).message,
      `Only pending requests can be approved (this one is ${status})`,
    );
    assert.equal(
      (await expectJson(await reject(manager, pr.id, { comment: "no" }), 409)).message,
      `Only pending requests can be rejected (this one is ${status})`,
    );
    assert.deepEqual(await row(pr.id), { status, version: 1 });
  }
  await expectJson(await approve(manager, 999999), 404);
});

Deno.test(`${tag} the requester cannot approve or reject their own request (403)`, async () => {
  const pr = await createPr(manager, "10.00");
  assert.equal(
    (await expectJson(await approve(manager, pr.id), 403)).message,
    "You cannot approve your own purchase request",
  );
  assert.equal(
    (await expectJson(await reject(manager, pr.id, { comment: "mine" }), 403)).message,
    "You cannot reject your own purchase request",
  );
  assert.deepEqual(await row(pr.id), { status: "pending", version: 1 });
  assert.equal((await expectJson<Pr>(await approve(manager2, pr.id), 200)).status, "active");
});

Deno.test(`${tag} approve/reject need the permission: purchase team and vendors 403, signed out 401`, async () => {
  const pr = await createPr(team, "10.00");
  const vendor = await as(t, "vendor", { categoryIds: [CAT] });
  for (const s of [team, vendor]) {
    await expectJson(await approve(s, pr.id), 403);
    await expectJson(await reject(s, pr.id, { comment: "x" }), 403);
  }
  const out = await t.app.request(`/api/purchase-requests/${pr.id}/approve`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await expectJson(out, 401);
  assert.deepEqual(await row(pr.id), { status: "pending", version: 1 });
});

Deno.test(`${tag} POST /api/purchase-requests/:id/reject requires a reason and records it`, async () => {
  const pr = await createPr(team, "10.00");
  for (const body of [{}, { comment: "" }, { comment: "   " }]) {
    assert.equal((await expectJson(await reject(finance, pr.id, body), 400)).message, "A reason is required to reject");
  }
  assert.deepEqual(await row(pr.id), { status: "pending", version: 1 });
  const got = await expectJson<Pr>(await reject(finance, pr.id, { comment: "Too expensive" }), 200);
  assert.equal(got.status, "rejected");
  assert.equal(got.rejectionReason, "Too expensive");
  assert.deepEqual(
    got.history.at(-1) &&
      [
        got.history.at(-1)!.action,
        got.history.at(-1)!.stage,
        got.history.at(-1)!.toStatus,
        got.history.at(-1)!.comment,
      ],
    ["rejected", "finance", "rejected", "Too expensive"],
  );
  assert.equal(
    await db.query("select 1 from audit_logs where action = 'REJECT' and entity_id = $1", [String(pr.id)]).then((r) =>
      r.length
    ),
    1,
  );
  // final: no approval, no edit
  await expectJson(await approve(manager, pr.id), 409);
});

Deno.test(`${tag} a request needing quotes that becomes active emails approved subscribed vendors through the outbox`, async () => {
  await db.query(
    `insert into email_templates (template_key, language, subject, body)
     values ('pr_created', 'en', 'New opportunity: {{title}} ({{requestNumber}})', 'TPL {{title}} / {{requestNumber}} / {{companyName}}')`,
  );
  const subscribed = await createUser(db, "vendor", { categoryIds: [CAT] });
  const subscribed2 = await createUser(db, "vendor", { categoryIds: [OTHER, CAT] });
  const otherCategory = await createUser(db, "vendor", { categoryIds: [OTHER] });
  const pending = await createUser(db, "vendor", { categoryIds: [CAT], vendorStatus: "pending" });
  const rejected = await createUser(db, "vendor", { categoryIds: [CAT], vendorStatus: "rejected" });
  const inactive = await createUser(db, "vendor", { categoryIds: [CAT], active: false });
  const staff = [team, manager, finance, admin].map((s) => s.user.email);

  const pr = await createPr(team, "20000.00", {
    requestType: "vendor_quote",
    categoryId: CAT,
    title: "Standing desks",
  });
  // Nothing before it is active (the first of two approvals leaves it pending).
  await expectJson(await approve(manager, pr.id), 200);
  assert.equal((await outboxTo(subscribed.email)).length, 0);
  await expectJson(await approve(finance, pr.id), 200);

  for (const v of [subscribed, subscribed2]) {
    const mails = await outboxTo(v.email);
    assert.equal(mails.length, 1, v.email);
    const company = `Vendor Co ${v.id}`;
    assert.ok(mails[0].body.startsWith(`TPL Standing desks / ${pr.requestId} / ${company}`), mails[0].body);
    assert.match(mails[0].subject, new RegExp(pr.requestId));
  }
  for (const v of [otherCategory, pending, rejected, inactive]) {
    assert.equal((await outboxTo(v.email)).length, 0, v.email);
  }
  for (const email of staff) assert.equal((await outboxTo(email)).length, 0);

  // bid_required too
  const bidReq = await createPr(team, "10.00", { requestType: "bid_required", categoryId: CAT });
  await expectJson(await approve(manager, bidReq.id), 200);
  assert.equal((await outboxTo(subscribed.email)).length, 2);
});

Deno.test(`${tag} no vendor email when pr_notifications_enabled is 'false', and never for internal requests`, async () => {
  const v = await createUser(db, "vendor", { categoryIds: [CAT] });
  const before = (await db.query<{ n: number }>("select count(*)::int as n from notification_outbox"))[0].n;
  await db.query("update settings set value = 'false' where key = 'pr_notifications_enabled'");
  try {
    const pr = await createPr(team, "10.00", { requestType: "vendor_quote", categoryId: CAT });
    assert.equal((await expectJson<Pr>(await approve(manager, pr.id), 200)).status, "active");
    assert.equal((await outboxTo(v.email)).length, 0);
  } finally {
    await db.query("update settings set value = 'true' where key = 'pr_notifications_enabled'");
  }
  const internal = await createPr(team, "10.00", { requestType: "internal", categoryId: CAT });
  assert.equal((await expectJson<Pr>(await approve(manager, internal.id), 200)).status, "active");
  assert.equal((await outboxTo(v.email)).length, 0);
  const after = (await db.query<{ n: number }>("select count(*)::int as n from notification_outbox"))[0].n;
  assert.equal(after, before);
  // The same vendor does get a vendor_quote request in its category with notifications on (the control).
  const control = await createPr(team, "10.00", { requestType: "vendor_quote", categoryId: CAT });
  await expectJson(await approve(manager, control.id), 200);
  assert.equal((await outboxTo(v.email)).length, 1);
});

Deno.test(`${tag} an edit of the items of a pending request restarts its approvals`, async () => {
  const pr = await createPr(team, "20000.00");
  assert.equal((await expectJson<Pr>(await approve(manager, pr.id), 200)).status, "pending");
  const edited = await team.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: {
      title: pr.requestId,
      description: "Approval test",
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
      items: [{ name: "Thing", quantity: 2, estimatedPrice: "20000.00" }],
      version: (await row(pr.id)).version,
    },
  });
  assert.equal((await expectJson<Pr>(edited, 200)).estimatedBudget, "40000.00");
  // The manager's approval was for 20,000.00: finance alone cannot make 40,000.00 active.
  assert.equal((await expectJson<Pr>(await approve(finance, pr.id), 200)).status, "pending");
  assert.equal((await expectJson<Pr>(await approve(manager, pr.id), 200)).status, "active");
});

Deno.test(`${tag} GET list and detail say who approved the pending round (approvedBy), so the SPA hides Approve`, async () => {
  const pr = await createPr(team, "10000.01", { title: "Approved-by probe" });
  const list = async () =>
    (await expectJson<{ id: number; approvedBy: number[] }[]>(
      await manager.request(`/api/purchase-requests?q=${encodeURIComponent("Approved-by probe")}`),
      200,
    )).find((p) => p.id === pr.id)!;
  assert.deepEqual((await list()).approvedBy, []);
  await expectJson(await approve(manager, pr.id), 200);
  assert.deepEqual((await list()).approvedBy, [manager.user.id]);
  const detail = await expectJson<{ approvedBy: number[] }>(
    await finance.request(`/api/purchase-requests/${pr.id}`),
    200,
  );
  assert.deepEqual(detail.approvedBy, [manager.user.id]);
  // Approving again is refused: the UI that hid the button agrees with the server.
  await expectJson(await approve(manager, pr.id), 409);
  await expectJson(await approve(finance, pr.id), 200);
  assert.deepEqual((await list()).approvedBy, [], "an active request has no pending round");
});
