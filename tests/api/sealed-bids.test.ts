/**
 * Sealed bidding, end to end through the API: two vendors submit to a sealed bid; while bidding is
 * open nothing about their prices is readable by staff, through any endpoint, or in the database
 * itself (a full read of every table, and on PostgreSQL a real pg_dump); after Close Bidding an
 * authorised unseal restores exactly what was submitted.
 *
 * The tests share one sealed bid and run in file order: submitted -> (checks while open) -> closed
 * -> unsealed -> (positive control: the same dump now contains the prices).
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend, testDatabaseUrl } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[sealed-bids/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Furniture");
const admin = await as(t, "admin");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const STAFF: [string, Session][] = [["admin", admin], ["purchase_team", team], ["procurement_manager", manager], [
  "cost_finance_controller",
  finance,
]];
const vendorA = await as(t, "vendor", { categoryIds: [CAT] });
const vendorB = await as(t, "vendor", { categoryIds: [CAT] });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const enc = new TextEncoder();
const hex = (s: string) => Array.from(enc.encode(s), (b) => b.toString(16).padStart(2, "0")).join("");

// What the vendors submit. Distinct values that appear nowhere else (estimated prices differ).
const A = { unit: "987.65", total: "2962.95", notes: "SEALNOTE-A-final", itemNotes: "ITEMNOTE-A-walnut" };
const A_OLD = { unit: "111.11", total: "333.33", notes: "SEALNOTE-A-first" };
const B = { unit: "1234.57", total: "3703.71", notes: "SEALNOTE-B-only" };
const PDF_A = enc.encode(`%PDF-1.4\n% SEALPDF offer of vendor A, total ${A.total}\ntrailer << >>\n%%EOF\n`);
const SECRETS = [
  A.unit,
  A.total,
  A.notes,
  A.itemNotes,
  A_OLD.unit,
  A_OLD.total,
  A_OLD.notes,
  B.unit,
  B.total,
  B.notes,
  "SEALPDF",
];

type Bid = {
  id: number;
  bidNumber: string;
  status: string;
  bidCount: number;
  unsealedAt: string | null;
  items: { id: number }[];
};
type VendorQuotation = {
  id: number;
  bidRequestId: number;
  totalAmount: string;
  notes: string;
  revision: number;
  items: {
    itemId: number;
    name: string;
    quantity: number;
    unitPrice: string | number;
    totalPrice: string | number;
    notes: string;
  }[];
  attachments: { id: number; filename: string }[];
};

// ---------------------------------------------------------------------------------------------
// The sealed bid and its submissions

const bid = await expectJson<Bid>(
  await manager.request("/api/bid-requests", {
    method: "POST",
    json: {
      title: "Boardroom table (sealed)",
      description: "One sealed tender",
      department: "Facilities",
      qualificationCriteria: "References",
      biddingMode: "sealed",
      categoryId: CAT,
      deadline: iso(21 * DAY),
      biddingDeadline: iso(14 * DAY),
      items: [{ itemName: "Boardroom table", quantity: 3, unit: "pcs", estimatedPrice: "1500.00", categoryId: CAT }],
    },
  }),
  201,
);
const itemId = bid.items[0].id;
assert.equal(bid.status, "bidding_open");

async function submitMultipart(s: Session, quotation: unknown, files: File[] = []) {
  const form = new FormData();
  form.append("quotation", JSON.stringify(quotation));
  for (const f of files) form.append("attachments", f);
  return await s.request("/api/vendor/quotations", { method: "POST", body: form });
}

const aFirst = await expectJson<VendorQuotation>(
  await submitMultipart(vendorA, {
    bidRequestId: bid.id,
    items: [{ itemId, unitPrice: A_OLD.unit }],
    notes: A_OLD.notes,
  }),
  201,
);
const aQuote = await expectJson<VendorQuotation>(
  await submitMultipart(
    vendorA,
    {
      bidRequestId: bid.id,
      items: [{ itemId, unitPrice: A.unit, notes: A.itemNotes }],
      notes: A.notes,
      validityPeriod: 60,
    },
    [new File([PDF_A], "offer.pdf", { type: "application/pdf" })],
  ),
  201,
);
const bQuote = await expectJson<VendorQuotation>(
  await vendorB.request("/api/vendor/quotations", {
    method: "POST",
    json: { bidRequestId: bid.id, items: [{ itemId, unitPrice: B.unit }], notes: B.notes },
  }),
  201,
);
const fileId = aQuote.attachments[0].id;
const quotationIds = [aFirst.id, aQuote.id, bQuote.id];

/** Every table of the public schema in full, each row as JSON text (bytea as \x hex). */
async function readEveryTable(): Promise<string> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  assert.ok(tables.length >= 20, "sanity: the schema's tables are listed");
  let out = "";
  for (const { name } of tables) {
    const rows = await db.query<{ row: string }>(`select row_to_json(t)::text as row from public."${name}" t`);
    out += `-- ${name}\n${rows.map((r) => r.row).join("\n")}\n`;
  }
  assert.match(out, new RegExp(`-- quotations\\n`));
  return out;
}

/** pg_dump of the server's major version (Debian keeps it next to initdb), else the one on PATH. */
async function pgDumpBinary(): Promise<string> {
  const [{ v }] = await db.query<{ v: string }>("select current_setting('server_version_num') as v");
  const path = `/usr/lib/postgresql/${Math.floor(Number(v) / 10000)}/bin/pg_dump`;
  try {
    await Deno.stat(path);
    return path;
  } catch {
    return "pg_dump";
  }
}

/** The real pg_dump of the test database (PostgreSQL only). */
async function pgDump(): Promise<string> {
  const [{ name }] = await db.query<{ name: string }>("select current_database() as name");
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  const out = await new Deno.Command(await pgDumpBinary(), {
    args: ["--no-owner", "-d", url.href],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const text = new TextDecoder().decode(out.stdout);
  assert.match(text, /COPY public\.quotations /, "sanity: the dump has the quotations data");
  return text;
}

function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return SECRETS.flatMap((s) => [text.includes(s) ? s : "", lower.includes(hex(s)) ? `hex(${s})` : ""]).filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// While bidding is open

Deno.test(`${tag} sealed submissions are stored encrypted: no totals, notes, items; attachments encrypted`, async () => {
  const rows = await db.query<
    { id: number; sealed: boolean; total: string | null; notes: string | null; payload: boolean }
  >(
    `select id, sealed, total_amount::text as total, notes, sealed_payload is not null as payload from quotations
      where bid_request_id = $1 order by id`,
    [bid.id],
  );
  assert.deepEqual(
    [...rows],
    quotationIds.map((id) => ({ id, sealed: true, total: null, notes: null, payload: true })),
  );
  const items = await db.query<{ n: number }>(
    "select count(*)::int as n from quotation_items where quotation_id = any($1::int[])",
    [quotationIds],
  );
  assert.equal(items[0].n, 0);
  const [file] = await db.query<{ encrypted: boolean; data: Uint8Array }>(
    "select encrypted, data from files where id = $1",
    [fileId],
  );
  assert.equal(file.encrypted, true);
  assert.notDeepEqual(new Uint8Array(file.data), PDF_A);
  const audit = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where entity_type = 'quotation' and entity_id = any($1::text[])",
    [quotationIds.map(String)],
  );
  assert.equal(audit.length, 3);
  assert.ok(audit.every((a) => a.metadata.sealed === true && !("totalAmount" in a.metadata)));
});

Deno.test(`${tag} every staff role sees only the number of submissions on GET /api/bid-requests and /:id`, async () => {
  for (const [role, s] of STAFF) {
    const listRes = await s.request("/api/bid-requests?group=active");
    const listText = await listRes.clone().text();
    const list = await expectJson<Bid[]>(listRes, 200);
    assert.equal(list.find((b) => b.id === bid.id)?.bidCount, 2, role);
    const oneRes = await s.request(`/api/bid-requests/${bid.id}`);
    const oneText = await oneRes.clone().text();
    assert.equal((await expectJson<Bid>(oneRes, 200)).bidCount, 2, role);
    for (const text of [listText, oneText]) {
      assert.deepEqual(leaks(text), [], role);
      for (const v of [vendorA, vendorB]) {
        assert.ok(
          !text.includes(v.user.email) && !text.includes(`Vendor Co ${v.user.id}`),
          `${role} sees a vendor's identity`,
        );
      }
    }
  }
});

Deno.test(`${tag} staff quotation endpoints return nothing of a sealed bid; attachments are 403`, async () => {
  for (const [role, s] of STAFF) {
    const res = await s.request("/api/quotations?limit=200");
    const text = await res.clone().text();
    const list = await expectJson<{ id: number }[]>(res, 200);
    assert.ok(!list.some((q) => quotationIds.includes(q.id)), role);
    assert.deepEqual(leaks(text), [], role);
    for (const id of quotationIds) {
      const one = await s.request(`/api/quotations/${id}`);
      const oneText = await one.text();
      assert.ok(one.status === 403 || one.status === 404, `${role} GET /api/quotations/${id}: ${one.status}`);
      assert.deepEqual(leaks(oneText), [], role);
    }
    for (const path of ["/api/quotations/stats", `/api/bid-requests/${bid.id}/comparison`]) {
      const r = await s.request(path);
      const body = await r.text();
      assert.ok(r.status < 500, `${role} ${path}: ${r.status}`);
      assert.deepEqual(leaks(body), [], `${role} ${path}`);
      for (const v of [vendorA, vendorB]) assert.ok(!body.includes(v.user.email), `${role} ${path} shows a vendor`);
    }
    const file = await s.request(`/api/files/${fileId}`);
    assert.equal(
      (await expectJson(file, 403)).message,
      "This file belongs to a sealed bid and cannot be opened before unsealing",
      role,
    );
  }
});

Deno.test(`${tag} the submitting vendor sees its own prices; the other vendor only its own`, async () => {
  const mine = await expectJson<VendorQuotation[]>(await vendorA.request("/api/vendor/quotations"), 200);
  const a = mine.find((q) => q.bidRequestId === bid.id)!;
  assert.equal(a.id, aQuote.id);
  assert.equal(a.totalAmount, A.total);
  assert.equal(a.notes, A.notes);
  assert.deepEqual(
    a.items.map((i) => [i.itemId, i.name, i.quantity, String(i.unitPrice), String(i.totalPrice), i.notes]),
    [[itemId, "Boardroom table", 3, A.unit, A.total, A.itemNotes]],
  );
  assert.equal(
    (await expectJson<VendorQuotation>(await vendorA.request(`/api/vendor/quotations/${aFirst.id}`), 200)).totalAmount,
    A_OLD.total,
  );

  const bRes = await vendorB.request("/api/vendor/quotations");
  const bText = await bRes.clone().text();
  const theirs = await expectJson<VendorQuotation[]>(bRes, 200);
  assert.deepEqual(theirs.map((q) => q.id), [bQuote.id]);
  assert.equal(theirs[0].totalAmount, B.total);
  for (const s of [A.unit, A.total, A.notes, A_OLD.total]) assert.ok(!bText.includes(s), `B sees ${s}`);
  for (const id of [aFirst.id, aQuote.id]) await expectJson(await vendorB.request(`/api/vendor/quotations/${id}`), 404);
  // Nor do the vendors see a count or each other in their opportunities.
  const opp = await (await vendorB.request("/api/vendor/matching-prs")).text();
  assert.deepEqual(leaks(opp), []);
  assert.ok(!opp.includes("bidCount") && !opp.includes(vendorA.user.email));
});

Deno.test(`${tag} THE DUMP: while bidding is open, no table holds a submitted price, total or note in clear`, async () => {
  assert.deepEqual(leaks(await readEveryTable()), [], "full read of every table");
  if (testBackend() === "postgres") {
    assert.deepEqual(leaks(await pgDump()), [], "pg_dump output");
  }
});

Deno.test(`${tag} POST /api/bid-requests/:id/unseal before close answers 409; purchase team and vendors 403`, async () => {
  const early = await manager.request(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" });
  assert.equal((await expectJson(early, 409)).message, "Sealed bids can be unsealed only after bidding has closed");
  await expectJson(await team.request(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" }), 403);
  await expectJson(await vendorA.request(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" }), 403);
  const [row] = await db.query<{ unsealed_at: Date | null }>("select unsealed_at from bid_requests where id = $1", [
    bid.id,
  ]);
  assert.equal(row.unsealed_at, null);
  assert.equal((await db.query("select 1 from audit_logs where action = 'UNSEAL'")).length, 0);
});

// ---------------------------------------------------------------------------------------------
// Closed and unsealed

Deno.test(`${tag} after Close Bidding, unseal by a procurement manager restores exactly what was submitted`, async () => {
  await expectJson(
    await manager.request(`/api/bid-requests/${bid.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed" },
    }),
    200,
  );
  // Still sealed after close, until someone unseals.
  assert.deepEqual(leaks(await readEveryTable()), []);
  await expectJson(await team.request(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" }), 403);

  const res = await manager.request(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" });
  const unsealed = await expectJson<Bid>(res, 200);
  assert.ok(unsealed.unsealedAt);
  assert.equal(unsealed.bidCount, 2);

  const rows = await db.query<
    { id: number; sealed: boolean; payload: boolean; total: string; notes: string; is_current: boolean }
  >(
    `select id, sealed, sealed_payload is not null as payload, total_amount::text as total, notes, is_current
       from quotations where bid_request_id = $1 order by id`,
    [bid.id],
  );
  assert.deepEqual([...rows], [
    { id: aFirst.id, sealed: false, payload: false, total: A_OLD.total, notes: A_OLD.notes, is_current: false },
    { id: aQuote.id, sealed: false, payload: false, total: A.total, notes: A.notes, is_current: true },
    { id: bQuote.id, sealed: false, payload: false, total: B.total, notes: B.notes, is_current: true },
  ]);
  const items = await db.query<
    {
      quotation_id: number;
      item: number;
      name: string;
      quantity: number;
      unit_price: string;
      total_price: string;
      notes: string;
    }
  >(
    `select quotation_id, bid_request_item_id as item, name, quantity, unit_price::text, total_price::text, notes
       from quotation_items where quotation_id = any($1::int[]) order by quotation_id`,
    [quotationIds],
  );
  assert.deepEqual([...items], [
    {
      quotation_id: aFirst.id,
      item: itemId,
      name: "Boardroom table",
      quantity: 3,
      unit_price: A_OLD.unit,
      total_price: A_OLD.total,
      notes: "",
    },
    {
      quotation_id: aQuote.id,
      item: itemId,
      name: "Boardroom table",
      quantity: 3,
      unit_price: A.unit,
      total_price: A.total,
      notes: A.itemNotes,
    },
    {
      quotation_id: bQuote.id,
      item: itemId,
      name: "Boardroom table",
      quantity: 3,
      unit_price: B.unit,
      total_price: B.total,
      notes: "",
    },
  ]);

  // The attachment is decrypted in place: byte for byte the upload, and staff may open it now.
  const [file] = await db.query<{ encrypted: boolean; data: Uint8Array }>(
    "select encrypted, data from files where id = $1",
    [fileId],
  );
  assert.equal(file.encrypted, false);
  assert.deepEqual(new Uint8Array(file.data), PDF_A);
  for (const [role, s] of STAFF) {
    const download = await s.request(`/api/files/${fileId}`);
    assert.equal(download.status, 200, role);
    assert.deepEqual(new Uint8Array(await download.arrayBuffer()), PDF_A, role);
  }

  const audits = await db.query<{ user_id: number; entity_id: string; metadata: { quotations: number } }>(
    "select user_id, entity_id, metadata from audit_logs where action = 'UNSEAL'",
  );
  assert.deepEqual(audits.map((a) => [a.user_id, a.entity_id, a.metadata.quotations]), [[
    manager.user.id,
    String(bid.id),
    3,
  ]]);

  const again = await manager.request(`/api/bid-requests/${bid.id}/unseal`, { method: "POST" });
  assert.equal((await expectJson(again, 409)).message, "This bid request was already unsealed");
  assert.equal((await db.query("select 1 from audit_logs where action = 'UNSEAL'")).length, 1);
});

Deno.test(`${tag} after unsealing, staff see the quotations with their totals`, async () => {
  const list = await expectJson<{ id: number; totalAmount: string }[]>(
    await finance.request("/api/quotations?limit=200"),
    200,
  );
  const mine = list.filter((q) => quotationIds.includes(q.id)).map((q) => [q.id, q.totalAmount]).sort();
  assert.deepEqual(mine, [[aQuote.id, A.total], [bQuote.id, B.total]].sort());
});

Deno.test(`${tag} THE DUMP, positive control: after unsealing the same dump does contain the prices`, async () => {
  const found = leaks(await readEveryTable());
  for (const s of [A.unit, A.total, A.notes, A.itemNotes, B.unit, B.total, B.notes, `hex(SEALPDF)`]) {
    assert.ok(found.includes(s), `full read finds ${s}`);
  }
  if (testBackend() === "postgres") {
    const dumped = leaks(await pgDump());
    for (const s of [A.unit, A.total, A.notes, B.unit, B.total, `hex(SEALPDF)`]) {
      assert.ok(dumped.includes(s), `pg_dump finds ${s}`);
    }
  }
});

Deno.test(`${tag} unseal of an open-bidding request answers 409`, async () => {
  const open = await expectJson<Bid>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Open tender",
        description: "Not sealed",
        department: "Facilities",
        qualificationCriteria: "Any",
        categoryId: CAT,
        deadline: iso(21 * DAY),
        biddingDeadline: iso(14 * DAY),
        items: [{ itemName: "Lamp", quantity: 1, categoryId: CAT }],
      },
    }),
    201,
  );
  await expectJson(
    await manager.request(`/api/bid-requests/${open.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed" },
    }),
    200,
  );
  const res = await manager.request(`/api/bid-requests/${open.id}/unseal`, { method: "POST" });
  assert.equal((await expectJson(res, 409)).message, "This bid request uses open bidding; nothing is sealed");
});
