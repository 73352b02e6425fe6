/**
 * OCDS 1.1 export: release packages validated against the vendored OCDS 1.1.5
 * schemas (tests/fixtures/ocds), with the exact fields of a request -> bid -> quotations -> award
 * need; sealed bids tell nothing about their tenderers before unsealing; `since`, paging and
 * permissions; a purchase order's process as a download, its contract terminated once everything
 * arrived; no export without the organisation's legal name (the buyer); and the demo organisation's
 * package.
 */
import assert from "node:assert/strict";
import ajvDraft04 from "ajv-draft-04";
import ajvFormats from "ajv-formats";
import releaseSchema from "../fixtures/ocds/release-schema.json" with { type: "json" };
import packageSchema from "../fixtures/ocds/release-package-schema.json" with { type: "json" };
import { seedDemo } from "../../src/db/seed.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, type Session, signIn } from "../helpers/users.ts";
import { waitUntil } from "../helpers/wait.ts";

const tag = `[ocds/${testBackend()}]`;
const PREFIX = "ocds-test01";
const t = await testApp({ env: { OCDS_PREFIX: PREFIX } });
const { db } = t;
Deno.test.afterAll(t.close);

// --- the schema ------------------------------------------------------------------------------

// CommonJS packages: the default import is module.exports, whose `default` is the class / plugin.
const Ajv = ajvDraft04.default;
const addFormats = ajvFormats.default;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(releaseSchema);
const validatePackage = ajv.compile(packageSchema);

function assertValidPackage(pkg: unknown) {
  const ok = validatePackage(pkg);
  assert.ok(ok, `OCDS 1.1 release package: ${JSON.stringify(validatePackage.errors?.slice(0, 5), null, 1)}`);
}

// --- types of what we read back ---------------------------------------------------------------

type Value = { amount: number; currency: string };
type Ref = { id: string; name: string };
type Release = {
  ocid: string;
  id: string;
  date: string;
  tag: string[];
  parties: (Ref & { roles: string[] })[];
  buyer: Ref;
  planning: { rationale?: string; budget: { id?: string; amount: Value } };
  tender?: {
    id: string;
    title: string;
    status: string;
    items: unknown[];
    value: Value;
    procurementMethod: string;
    submissionMethod: string[];
    tenderPeriod: { startDate?: string; endDate: string };
    numberOfTenderers?: number;
    tenderers?: Ref[];
  };
  awards?: { id: string; status: string; date: string; value: Value; suppliers: Ref[]; items?: unknown[] }[];
  contracts?: { id: string; awardID: string; status: string; value: Value }[];
};
type Package = {
  uri: string;
  version: string;
  publishedDate: string;
  publisher: { name: string };
  releases: Release[];
  links?: { next?: string };
};

// --- the need: request -> bid -> quotations -> award ------------------------------------------

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const CAT = await createCategory(db, "Office furniture");
await db.query(
  `insert into settings (key, value, category) values ('organisation_legal_name', 'Atoll Health Authority', 'system')
   on conflict (key) do update set value = excluded.value`,
);
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const vendorA = await as(t, "vendor", { categoryIds: [CAT] });
const vendorB = await as(t, "vendor", { categoryIds: [CAT] });
const nameOf = (s: Session) => `Vendor Co ${s.user.id}`;

const pr = await expectJson<{ id: number; requestId: string }>(
  await team.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: "Chairs for the clinic",
      description: "Ten office chairs",
      department: "Facilities",
      justification: "The old chairs are broken",
      requestType: "bid_required",
      categoryId: CAT,
      deadline: inDays(30),
      items: [{ itemName: "Office chair", quantity: 10, unit: "pcs", estimatedPrice: "150.00", categoryId: CAT }],
    },
  }),
  201,
);
await expectJson(await manager.request(`/api/purchase-requests/${pr.id}/approve`, { method: "POST", json: {} }), 200);

type Bid = { id: number; bidNumber: string; status: string; items: { id: number }[] };
const createBid = async (over: Record<string, unknown>) =>
  await expectJson<Bid>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Chairs for the clinic (bid)",
        description: "Ten office chairs, delivered",
        department: "Facilities",
        qualificationCriteria: "Two years of supplying furniture",
        categoryId: CAT,
        deadline: inDays(40),
        biddingDeadline: inDays(20),
        items: [{ itemName: "Office chair", quantity: 10, unit: "pcs", estimatedPrice: "150.00", categoryId: CAT }],
        ...over,
      },
    }),
    201,
  );
const bid = await createBid({ purchaseRequestId: pr.id });
assert.equal(bid.status, "bidding_open");
const itemId = bid.items[0].id;

const quote = async (s: Session, bidId: number, unitPrice: string, item = itemId) =>
  await expectJson<{ id: number }>(
    await s.request("/api/vendor/quotations", {
      method: "POST",
      json: { bidRequestId: bidId, items: [{ itemId: item, unitPrice }] },
    }),
    201,
  );
const qa = await quote(vendorA, bid.id, "120.00");
await quote(vendorB, bid.id, "135.50");
const close = async (id: number) =>
  await expectJson(
    await manager.request(`/api/bid-requests/${id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "All invited vendors answered" },
    }),
    200,
  );
await close(bid.id);
const awarded = await expectJson<{ purchaseOrder: { id: number; poNumber: string; totalAmount: string } }>(
  await manager.request(`/api/bid-requests/${bid.id}/award`, { method: "POST", json: { quotationId: qa.id } }),
  201,
);

const ocdsOf = async (s: Session, id: number) => await s.request(`/api/bid-requests/${id}/ocds`);

Deno.test(`${tag} GET /api/bid-requests/:id/ocds: a valid OCDS 1.1 package with the exact planning, tender, award and contract`, async () => {
  const pkg = await expectJson<Package>(await ocdsOf(finance, bid.id), 200);
  assertValidPackage(pkg);
  assert.equal(pkg.version, "1.1");
  assert.equal(pkg.publisher.name, "Atoll Health Authority");
  assert.equal(pkg.uri, `http://localhost/api/bid-requests/${bid.id}/ocds`);
  assert.equal(pkg.releases.length, 1);
  const r = pkg.releases[0];
  const ocid = `${PREFIX}-${bid.bidNumber}`;
  assert.equal(r.ocid, ocid);
  assert.equal(r.id, `${ocid}-${r.date}`);
  assert.match(r.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.equal(pkg.publishedDate, r.date);
  assert.deepEqual(r.tag, ["planning", "tender", "award", "contract"]);
  assert.deepEqual(r.buyer, { id: "buyer", name: "Atoll Health Authority" });
  assert.deepEqual(r.planning, {
    rationale: "The old chairs are broken",
    budget: {
      id: pr.requestId,
      description: `Estimated budget of purchase request ${pr.requestId}`,
      amount: { amount: 1500, currency: "USD" },
    },
  });
  const tender = r.tender!;
  assert.equal(tender.id, bid.bidNumber);
  assert.equal(tender.title, "Chairs for the clinic (bid)");
  assert.equal(tender.status, "complete");
  assert.deepEqual(tender.items, [{
    id: String(itemId),
    description: "Office chair",
    classification: { scheme: "x_category", id: String(CAT), description: "Office furniture" },
    quantity: 10,
    unit: { name: "pcs", value: { amount: 150, currency: "USD" } },
  }]);
  assert.deepEqual(tender.value, { amount: 1500, currency: "USD" });
  assert.equal(tender.procurementMethod, "selective");
  assert.deepEqual(tender.submissionMethod, ["electronicSubmission"]);
  assert.equal(tender.numberOfTenderers, 2);
  assert.deepEqual(tender.tenderers, [
    { id: `vendor-${vendorA.user.id}`, name: nameOf(vendorA) },
    { id: `vendor-${vendorB.user.id}`, name: nameOf(vendorB) },
  ]);
  assert.equal(r.awards!.length, 1);
  const award = r.awards![0];
  assert.equal(award.status, "active");
  assert.deepEqual(award.value, { amount: 1200, currency: "USD" });
  assert.deepEqual(award.suppliers, [{ id: `vendor-${vendorA.user.id}`, name: nameOf(vendorA) }]);
  assert.equal(award.items!.length, 1);
  assert.deepEqual(r.contracts, [{
    id: awarded.purchaseOrder.poNumber,
    awardID: award.id,
    title: `Purchase order ${awarded.purchaseOrder.poNumber}`,
    status: "active",
    value: { amount: 1200, currency: "USD" },
  }]);
  assert.deepEqual(r.parties, [
    { id: "buyer", name: "Atoll Health Authority", roles: ["buyer"] },
    { id: `vendor-${vendorA.user.id}`, name: nameOf(vendorA), roles: ["supplier", "tenderer"] },
    { id: `vendor-${vendorB.user.id}`, name: nameOf(vendorB), roles: ["tenderer"] },
  ]);
  // No personal data: no e-mail, contact person or telephone of anyone.
  const text = JSON.stringify(pkg);
  for (const s of [vendorA.user.email, vendorB.user.email, "Contact Person", "+1 555 0100", "@"]) {
    assert.ok(!text.includes(s), `package contains ${s}`);
  }
});

Deno.test(`${tag} a sealed bid shows no tenderers, count or submission time before unsealing; all of them after`, async () => {
  const sealed = await createBid({ title: "Sealed desks", biddingMode: "sealed", vendorPrequalification: false });
  const before = await expectJson<Package>(await ocdsOf(manager, sealed.id), 200);
  await quote(vendorA, sealed.id, "111.00", sealed.items[0].id);
  await quote(vendorB, sealed.id, "122.00", sealed.items[0].id);
  const sealedPkg = await expectJson<Package>(await ocdsOf(manager, sealed.id), 200);
  assertValidPackage(sealedPkg);
  const r = sealedPkg.releases[0];
  // The submissions changed nothing visible: not the date, not the release id.
  assert.deepEqual(sealedPkg.releases, before.releases);
  assert.equal(r.tender!.procurementMethod, "open");
  assert.equal(r.tender!.status, "active");
  assert.equal(r.tender!.numberOfTenderers, undefined);
  assert.equal(r.tender!.tenderers, undefined);
  assert.deepEqual(r.parties.map((p) => p.id), ["buyer"]);
  const text = JSON.stringify(sealedPkg);
  for (const s of [nameOf(vendorA), nameOf(vendorB)]) assert.ok(!text.includes(s), `leaks ${s}`);
  // No quoted amount as a value (111, "111.00"); a time or an id may hold the digits 111 by chance.
  assert.doesNotMatch(text, /[":[,]1(11|22)(\.0+)?["},\]]/, "leaks a quoted amount");
  // The feed tells no more than the bid's own package.
  const feed = await expectJson<Package>(await finance.request("/api/ocds/releases?limit=100"), 200);
  assert.deepEqual(feed.releases.find((x) => x.ocid === r.ocid), r);

  await close(sealed.id);
  const stillSealed = await expectJson<Package>(await ocdsOf(manager, sealed.id), 200);
  assert.equal(stillSealed.releases[0].tender!.numberOfTenderers, undefined);
  await expectJson(await manager.request(`/api/bid-requests/${sealed.id}/unseal`, { method: "POST" }), 200);
  const opened = await expectJson<Package>(await ocdsOf(manager, sealed.id), 200);
  assertValidPackage(opened);
  assert.equal(opened.releases[0].tender!.numberOfTenderers, 2);
  assert.deepEqual(opened.releases[0].tender!.tenderers!.map((x) => x.name), [nameOf(vendorA), nameOf(vendorB)]);
  assert.ok(opened.releases[0].date > r.date, "unsealing is a change of the release");
});

Deno.test(`${tag} GET /api/ocds/releases: every published process once, the converted request only through its bid`, async () => {
  const draft = await createBid({ title: "Draft bid", status: "draft" });
  const pkg = await expectJson<Package>(await finance.request("/api/ocds/releases"), 200);
  assertValidPackage(pkg);
  const ocids = pkg.releases.map((r) => r.ocid);
  assert.ok(ocids.includes(`${PREFIX}-${bid.bidNumber}`));
  assert.ok(!ocids.includes(`${PREFIX}-${pr.requestId}`), "the converted request is planning of its bid");
  assert.ok(!ocids.includes(`${PREFIX}-${draft.bidNumber}`), "drafts are not published");
  assert.equal(new Set(ocids).size, ocids.length);
  const dates = pkg.releases.map((r) => r.date);
  assert.deepEqual(dates, [...dates].sort(), "oldest change first");
  await expectError(await ocdsOf(finance, draft.id), 409, "ocds.notPublished");
  await expectError(await ocdsOf(finance, 999999), 404, "bids.notFound");
});

Deno.test(`${tag} GET /api/ocds/releases?since= returns only processes changed at or after that instant`, async () => {
  // `since` has milliseconds; the earlier processes changed before `last` was read, so a mark taken
  // once the clock has moved past that millisecond is later than all of them. Whatever changes
  // after the mark is at or after it (the same clock), so no pause is needed on that side.
  const last = Date.now();
  await waitUntil(() => Date.now() > last, { intervalMs: 1, message: "the clock to pass the last change" });
  const mark = new Date().toISOString();
  const fresh = await expectJson<{ id: number; requestId: string }>(
    await team.request("/api/purchase-requests", {
      method: "POST",
      json: {
        title: "Printer toner",
        description: "Toner for the front desk",
        department: "Admin",
        justification: "Running out",
        requestType: "vendor_quote",
        deadline: inDays(10),
        items: [{ itemName: "Toner", quantity: 4, unit: "box", estimatedPrice: "25.00" }],
      },
    }),
    201,
  );
  const pkg = await expectJson<Package>(
    await finance.request(`/api/ocds/releases?since=${encodeURIComponent(mark)}`),
    200,
  );
  assertValidPackage(pkg);
  assert.deepEqual(pkg.releases.map((r) => r.ocid), [`${PREFIX}-${fresh.requestId}`]);
  const r = pkg.releases[0];
  // Pending approval: planning only, no tender yet.
  assert.deepEqual(r.tag, ["planning"]);
  assert.equal(r.tender, undefined);
  assert.deepEqual(r.planning.budget.amount, { amount: 100, currency: "USD" });
  // An offset other than Z, sent unencoded ("+" arrives as a space), means the same instant.
  const later = new Date(Date.parse(r.date) + 1).toISOString().replace("Z", "+00:00");
  const none = await expectJson<Package>(await finance.request(`/api/ocds/releases?since=${later}`), 200);
  assert.deepEqual(none.releases, []);
  assert.equal(none.links, undefined);
});

Deno.test(`${tag} GET /api/ocds/releases pages with links.next until every release was seen once`, async () => {
  const all = await expectJson<Package>(await finance.request("/api/ocds/releases?limit=100"), 200);
  assert.ok(all.releases.length >= 1, "sanity: something to page through");
  assert.equal(all.links, undefined);
  const seen: string[] = [];
  let url: string | undefined = "/api/ocds/releases?limit=1";
  while (url) {
    assert.ok(seen.length <= all.releases.length, `paging does not end: ${seen.join(", ")}`);
    const page: Package = await expectJson<Package>(await finance.request(url), 200);
    assertValidPackage(page);
    assert.equal(page.releases.length, 1);
    seen.push(page.releases[0].ocid);
    url = page.links?.next;
    if (url) assert.match(url, /^http:\/\/localhost\/api\/ocds\/releases\?limit=1&cursor=[\w-]+$/);
  }
  assert.deepEqual(seen, all.releases.map((r) => r.ocid));
});

Deno.test(`${tag} GET /api/ocds/releases refuses a bad since, limit or cursor with 400 naming the field`, async () => {
  const cases: [string, string][] = [
    ["since=yesterday", "since"],
    ["since=2026-01-31", "since"],
    ["since=2026-01-31T10:00:00", "since"],
    ["since=2026-02-30T00:00:00Z", "since"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${btoa(JSON.stringify(["2026-01-01T00:00:00.000000Z", "XX", 1]))}`, "cursor"],
  ];
  for (const [query, field] of cases) {
    const body = await expectError(await finance.request(`/api/ocds/releases?${query}`), 400, "generic.validation");
    assert.deepEqual((body.issues as { path: string }[]).map((i) => i.path), [field], query);
  }
});

Deno.test(`${tag} signed out 401; vendors 403 on both OCDS routes`, async () => {
  for (const path of ["/api/ocds/releases", `/api/bid-requests/${bid.id}/ocds`]) {
    await expectError(await t.app.request(path), 401);
    const res = await vendorA.request(path);
    const body = await expectError(res, 403, "generic.missingPermission");
    assert.equal(body.requiredPermission, "reports.export");
  }
});

Deno.test(`${tag} every call is audited as an EXPORT`, async () => {
  const [{ n: before }] = await db.query<{ n: number }>(
    "select count(*)::int as n from audit_logs where action = 'EXPORT' and entity_type = 'ocds'",
  );
  await expectJson(await team.request("/api/ocds/releases?limit=2"), 200);
  await expectJson(await team.request(`/api/bid-requests/${bid.id}/ocds`), 200);
  const [{ n: after }] = await db.query<{ n: number }>(
    "select count(*)::int as n from audit_logs where action = 'EXPORT' and entity_type = 'ocds'",
  );
  assert.equal(after - before, 2);
});

Deno.test(`${tag} GET /api/purchase-orders/:id/ocds: the order's process as a file; its contract terminated once everything arrived`, async () => {
  const po = awarded.purchaseOrder;
  const ofOrder = async () => {
    const res = await team.request(`/api/purchase-orders/${po.id}/ocds`);
    assert.equal(res.headers.get("content-disposition"), `attachment; filename="${po.poNumber}-ocds.json"`);
    const pkg = await expectJson<Package>(res, 200);
    assertValidPackage(pkg);
    assert.equal(pkg.uri, `http://localhost/api/purchase-orders/${po.id}/ocds`);
    assert.equal(pkg.releases.length, 1);
    return pkg.releases[0];
  };
  const issued = await ofOrder();
  // The same release as its bid request's own package.
  assert.deepEqual(issued, (await expectJson<Package>(await ocdsOf(team, bid.id), 200)).releases[0]);
  assert.equal(issued.ocid, `${PREFIX}-${bid.bidNumber}`);
  assert.deepEqual(issued.buyer, { id: "buyer", name: "Atoll Health Authority" });
  assert.deepEqual(issued.contracts!.map((c) => [c.id, c.status]), [[po.poNumber, "active"]]);

  const order = await expectJson<{ lines: { id: number; quantity: number }[] }>(
    await team.request(`/api/purchase-orders/${po.id}`),
    200,
  );
  const receive = async (quantity: number) =>
    await expectJson(
      await team.request(`/api/purchase-orders/${po.id}/receipts`, {
        method: "POST",
        json: { lines: [{ quotationItemId: order.lines[0].id, quantity: String(quantity) }], notes: "" },
      }),
      201,
    );
  // Part of it: still in force, but a change of the process (a new release, later).
  await receive(4);
  const partly = await ofOrder();
  assert.equal(partly.contracts![0].status, "active");
  assert.ok(partly.date > issued.date, `${partly.date} after ${issued.date}`);
  assert.notEqual(partly.id, issued.id);
  // The rest: everything ordered arrived, so the contract is complete.
  await receive(order.lines[0].quantity - 4);
  const received = await ofOrder();
  assert.equal(received.contracts![0].status, "terminated");
  assert.ok(received.date > partly.date, `${received.date} after ${partly.date}`);
  // The feed sees the change: the process is among those changed since the last receipt.
  const feed = await expectJson<Package>(
    await finance.request(`/api/ocds/releases?since=${encodeURIComponent(received.date)}`),
    200,
  );
  assert.deepEqual(feed.releases.find((r) => r.ocid === received.ocid), received);

  await expectError(await team.request("/api/purchase-orders/999999/ocds"), 404, "quotations.purchaseOrderNotFound");
  const refused = await expectError(await vendorA.request(`/api/purchase-orders/${po.id}/ocds`), 403);
  assert.equal(refused.requiredPermission, "reports.export");
});

Deno.test(`${tag} without the organisation's legal name nothing is exported (409), not a placeholder buyer`, async () => {
  const [{ value }] = await db.query<{ value: string }>(
    "select value from settings where key = 'organisation_legal_name'",
  );
  await db.query("update settings set value = '' where key = 'organisation_legal_name'");
  try {
    for (
      const path of [
        "/api/ocds/releases",
        `/api/bid-requests/${bid.id}/ocds`,
        `/api/purchase-orders/${awarded.purchaseOrder.id}/ocds`,
      ]
    ) {
      await expectError(await finance.request(path), 409, "ocds.organisationNameMissing");
    }
  } finally {
    await db.query("update settings set value = $1 where key = 'organisation_legal_name'", [value]);
  }
});

Deno.test(`${tag} the demo organisation exports as a valid OCDS 1.1 package`, async () => {
  const demo = await testApp();
  try {
    assert.ok(await seedDemo(demo.db, createLogger("silent")));
    const reader = await signIn(demo, await createUser(demo.db, "cost_finance_controller"));
    // The demo has no organisation profile: its administrator names the organisation first.
    await expectError(await reader.request("/api/ocds/releases?limit=100"), 409, "ocds.organisationNameMissing");
    await demo.db.query(
      `insert into settings (key, value, category) values ('organisation_legal_name', 'Demo Health Authority', 'system')
       on conflict (key) do update set value = excluded.value`,
    );
    const pkg = await expectJson<Package>(await reader.request("/api/ocds/releases?limit=100"), 200);
    assertValidPackage(pkg);
    assert.ok(pkg.releases.length >= 5, `demo releases: ${pkg.releases.length}`);
    assert.ok(pkg.releases.every((r) => r.ocid.startsWith("ocds-procurement-")), "default prefix");
    assert.ok(pkg.releases.every((r) => r.buyer.name === "Demo Health Authority"), "the organisation buys");
    const awardedRelease = pkg.releases.find((r) => r.contracts?.length);
    assert.ok(awardedRelease, "the demo's awarded bid has its award and contract");
    assert.match(awardedRelease.contracts![0].id, /^PO-\d{4}-\d{4,}$/);
    // Sealed demo bids that are not unsealed carry no tenderers.
    const locked = await demo.db.query<{ number: string }>(
      "select bid_number as number from bid_requests where bidding_mode = 'sealed' and unsealed_at is null and status not in ('draft', 'pending_approval')",
    );
    for (const { number } of locked) {
      const r = pkg.releases.find((x) => x.ocid === `ocds-procurement-${number}`)!;
      assert.ok(r, number);
      assert.equal(r.tender!.numberOfTenderers, undefined);
      assert.deepEqual(r.parties.map((p) => p.id), ["buyer"]);
    }
    await Deno.mkdir("test-results", { recursive: true });
    await Deno.writeTextFile("test-results/ocds-demo-package.json", JSON.stringify(pkg, null, 2));
  } finally {
    await demo.close();
  }
});
