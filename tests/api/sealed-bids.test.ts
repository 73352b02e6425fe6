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
import { verifyAuditChain } from "../../src/audit/verify.ts";
import { expectJson, recordingLogger, testApp } from "../helpers/app.ts";
import { testBackend, testDatabaseUrl } from "../helpers/db.ts";
import { as, createCategory, type Session, sessionRequest } from "../helpers/users.ts";
import { backupText, TEST_BACKUP_PASSPHRASE } from "../helpers/backup.ts";
import { sealLegacyBidders } from "../../src/sealing/bidder.ts";

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

/** A sealed bid request in the test's category with one item, open for bidding. */
async function sealedBid(title: string, item: { itemName: string; quantity: number; estimatedPrice: string }) {
  return await expectJson<Bid>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        title,
        description: "Sealed",
        department: "Facilities",
        qualificationCriteria: "References",
        biddingMode: "sealed",
        categoryId: CAT,
        deadline: iso(21 * DAY),
        biddingDeadline: iso(14 * DAY),
        items: [{ ...item, unit: "pcs", categoryId: CAT }],
      },
    }),
    201,
  );
}
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
  // Whose file it is and its name are not in the database in clear either.
  const [meta] = await db.query<{ owner: number | null; filename: string; sealedMeta: string | null }>(
    'select owner_user_id as owner, filename, sealed_meta as "sealedMeta" from files where id = $1',
    [fileId],
  );
  assert.deepEqual([meta.owner, meta.filename], [null, "sealed.pdf"]);
  assert.ok(meta.sealedMeta && !meta.sealedMeta.includes("offer"));
  // Its owner still sees its own name.
  const own = await expectJson<VendorQuotation>(await vendorA.request(`/api/vendor/quotations/${aQuote.id}`), 200);
  assert.deepEqual(own.attachments.map((x) => x.filename), ["offer.pdf"]);
  // The audit entries of the submissions name nobody and nothing in clear.
  const audit = await db.query<
    { user_id: number | null; entity_id: string | null; ip: string | null; metadata: Record<string, unknown> }
  >(
    "select user_id, entity_id, ip, metadata from audit_logs where entity_type = 'quotation' and action = 'CREATE'",
  );
  assert.equal(audit.length, 3);
  for (const a of audit) {
    assert.deepEqual([a.user_id, a.entity_id, a.ip], [null, null, null]);
    assert.deepEqual(Object.keys(a.metadata).sort(), ["sealed", "sealedEntry"]);
    assert.equal(a.metadata.sealed, true);
  }
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
  // The list answers how many items (opened from the payload); the quotation itself answers them.
  assert.equal((a as unknown as { itemCount: number }).itemCount, 1);
  assert.ok(!Object.hasOwn(a, "items"), "the list answers no items");
  const whole = await expectJson<VendorQuotation>(await vendorA.request(`/api/vendor/quotations/${aQuote.id}`), 200);
  assert.deepEqual(
    whole.items.map((i) => [i.itemId, i.name, i.quantity, String(i.unitPrice), String(i.totalPrice), i.notes]),
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

/** The quotations rows of the dump (COPY block) as column -> value, by id. */
function dumpedQuotations(dump: string): Map<number, Record<string, string>> {
  const m = /COPY public\.quotations \(([^)]*)\) FROM stdin;\n([\s\S]*?)\n\\\.\n/.exec(dump);
  assert.ok(m, "sanity: the dump has the quotations block");
  const cols = m[1].split(", ");
  const rows = new Map<number, Record<string, string>>();
  for (const line of m[2].split("\n")) {
    const cells = line.split("\t");
    rows.set(Number(cells[0]), Object.fromEntries(cols.map((c, i) => [c, cells[i]])));
  }
  return rows;
}

Deno.test(`${tag} THE DUMP: while sealed, no row says who bid (vendor_id empty, a per-bid keyed tag instead)`, async () => {
  const rows = await db.query<
    { id: number; vendorId: number | null; tag: string; sealedVendor: boolean; json: string }
  >(
    `select id, vendor_id as "vendorId", encode(vendor_tag, 'hex') as tag, sealed_vendor is not null as "sealedVendor",
            row_to_json(q)::text as json
       from quotations q where bid_request_id = $1 order by id`,
    [bid.id],
  );
  assert.deepEqual(rows.map((r) => r.id), quotationIds);
  for (const r of rows) {
    assert.equal(r.vendorId, null, `quotation ${r.id}: vendor_id`);
    assert.equal(r.sealedVendor, true);
    for (const v of [vendorA, vendorB]) {
      assert.ok(!r.json.includes(`"vendor_id":${v.user.id}`), `quotation ${r.id} names vendor ${v.user.id}`);
    }
  }
  // One tag per vendor on this bid: A's two revisions share it, B's differs.
  assert.equal(rows[0].tag, rows[1].tag);
  assert.notEqual(rows[1].tag, rows[2].tag);
  // No other table links the vendors to the bid: the files have no owner (checked above), and the
  // full read mentions neither the quotation ids next to a vendor id.
  const everything = await readEveryTable();
  for (const v of [vendorA, vendorB]) {
    for (const id of quotationIds) {
      assert.ok(
        !everything.includes(`"id":${id},"vendor_id":${v.user.id}`),
        `quotation ${id} with vendor ${v.user.id}`,
      );
    }
  }
  if (testBackend() === "postgres") {
    const dumped = dumpedQuotations(await pgDump());
    for (const id of quotationIds) assert.equal(dumped.get(id)?.vendor_id, "\\N", `pg_dump: quotation ${id}'s vendor`);
  }
});

Deno.test(`${tag} each vendor still finds its own sealed quotation: list, by id, and the opportunity's "submitted"`, async () => {
  for (const [s, mine] of [[vendorA, aQuote.id], [vendorB, bQuote.id]] as const) {
    const list = await expectJson<{ id: number; totalAmount: string }[]>(
      await s.request("/api/vendor/quotations"),
      200,
    );
    assert.deepEqual(list.filter((x) => quotationIds.includes(x.id)).map((x) => x.id), [mine]);
    assert.equal((await s.request(`/api/vendor/quotations/${mine}`)).status, 200);
    const opps = await expectJson<{ kind: string; id: number; myQuotation: { id: number } | null }[]>(
      await s.request("/api/vendor/matching-prs?kind=bid_request"),
      200,
    );
    assert.equal(opps.find((o) => o.id === bid.id)?.myQuotation?.id, mine);
  }
  // ...and never the other's.
  assert.equal((await vendorB.request(`/api/vendor/quotations/${aQuote.id}`)).status, 404);
  assert.equal((await vendorA.request(`/api/vendor/quotations/${bQuote.id}`)).status, 404);
  // A sealed quotation is not extended while sealed (it would name its vendor in the audit trail).
  const extend = await vendorA.request(`/api/vendor/quotations/${aQuote.id}/validity`, {
    method: "PUT",
    json: { validityDays: 30 },
  });
  assert.equal((await expectJson(extend, 409)).code, "quotations.sealed");
});

Deno.test(`${tag} one current quotation per vendor per sealed bid holds under parallel first submissions`, async () => {
  const other = await sealedBid("Parallel sealed tender", { itemName: "Shelf", quantity: 1, estimatedPrice: "50.00" });
  const send = (price: string) =>
    vendorB.request("/api/vendor/quotations", {
      method: "POST",
      json: { bidRequestId: other.id, items: [{ itemId: other.items[0].id, unitPrice: price }] },
    });
  const answers = await Promise.all([send("40.00"), send("41.00"), send("42.00")]);
  const statuses = answers.map((a) => a.status);
  for (const a of answers) await a.body?.cancel();
  assert.ok(statuses.includes(201) && statuses.every((s) => s === 201 || s === 409), statuses.join());
  const current = await db.query<{ n: number }>(
    "select count(*)::int as n from quotations where bid_request_id = $1 and is_current",
    [other.id],
  );
  assert.equal(current[0].n, 1);
  // A later resubmission replaces it (found through the tag), as for an open bid.
  const again = await expectJson<VendorQuotation>(await send("39.00"), 201);
  assert.equal(again.revision, 2 + statuses.filter((s) => s === 201).length - 1);
  const rows = await db.query<{ n: number; tags: number }>(
    `select count(*) filter (where is_current)::int as n, count(distinct vendor_tag)::int as tags
       from quotations where bid_request_id = $1`,
    [other.id],
  );
  assert.deepEqual({ ...rows[0] }, { n: 1, tags: 1 });
});

Deno.test(`${tag} a row sealed before bidders were (vendor_id in clear) is sealed at start-up and still unseals`, async () => {
  // As an older version stored B's quotation: vendor_id in clear, no tag.
  await db.query(
    "update quotations set vendor_id = $2, vendor_tag = null, sealed_vendor = null where id = $1",
    [bQuote.id, vendorB.user.id],
  );
  assert.equal(await sealLegacyBidders(db, t.deps.secrets.sealedBidKey), 1);
  assert.equal(await sealLegacyBidders(db, t.deps.secrets.sealedBidKey), 0, "nothing left the second time");
  const [row] = await db.query<{ vendorId: number | null; tagged: boolean }>(
    'select vendor_id as "vendorId", vendor_tag is not null as tagged from quotations where id = $1',
    [bQuote.id],
  );
  assert.deepEqual({ ...row }, { vendorId: null, tagged: true });
  assert.equal((await vendorB.request(`/api/vendor/quotations/${bQuote.id}`)).status, 200);
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
      json: { status: "bidding_closed", reason: "Closed early in the test" },
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
    {
      id: number;
      vendor: number;
      tagged: boolean;
      sealed: boolean;
      payload: boolean;
      total: string;
      notes: string;
      is_current: boolean;
    }
  >(
    `select id, vendor_id as vendor, vendor_tag is not null or sealed_vendor is not null as tagged, sealed,
            sealed_payload is not null as payload, total_amount::text as total, notes, is_current
       from quotations where bid_request_id = $1 order by id`,
    [bid.id],
  );
  // Each row has its vendor back (written by the unseal), the tag gone.
  const open = { tagged: false, sealed: false, payload: false };
  assert.deepEqual([...rows], [
    { id: aFirst.id, vendor: vendorA.user.id, ...open, total: A_OLD.total, notes: A_OLD.notes, is_current: false },
    { id: aQuote.id, vendor: vendorA.user.id, ...open, total: A.total, notes: A.notes, is_current: true },
    { id: bQuote.id, vendor: vendorB.user.id, ...open, total: B.total, notes: B.notes, is_current: true },
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
  // ...with its name and owner back.
  const [meta] = await db.query<{ owner: number | null; filename: string; sealedMeta: string | null }>(
    'select owner_user_id as owner, filename, sealed_meta as "sealedMeta" from files where id = $1',
    [fileId],
  );
  assert.deepEqual({ ...meta }, { owner: vendorA.user.id, filename: "offer.pdf", sealedMeta: null });
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
      json: { status: "bidding_closed", reason: "Closed early in the test" },
    }),
    200,
  );
  const res = await manager.request(`/api/bid-requests/${open.id}/unseal`, { method: "POST" });
  assert.equal((await expectJson(res, 409)).message, "This bid request uses open bidding; nothing is sealed");
});

// ---------------------------------------------------------------------------------------------
// Everything staff can read: a third vendor with distinctive data bids on a second
// sealed bid. Every GET route of the app, the CSV/TXT exports and the backup, read by every staff
// role before and after the submission: nothing names the vendor more often than before, nothing of
// its bid appears at all, and the request log does not pair it with the submission. After unsealing
// the same readers show it (positive control).

const vendorC = await as(t, "vendor", { categoryIds: [CAT] });
const C = {
  company: "SEALCO-CHARLIE",
  contact: "SEALCONTACT-CHARLIE",
  lastName: "SEALLAST-CHARLIE",
  unit: "4321.09",
  total: "8642.18",
  notes: "SEALNOTE-CHARLIE",
  itemNotes: "ITEMNOTE-CHARLIE",
  file: "SEALFILE-CHARLIE.pdf",
  agent: "SEALAGENT-CHARLIE",
};
await db.query("update users set last_name = $2 where id = $1", [vendorC.user.id, C.lastName]);
await db.query("update vendor_profiles set company_name = $2, contact_person = $3 where user_id = $1", [
  vendorC.user.id,
  C.company,
  C.contact,
]);
const bid2 = await sealedBid("Second sealed tender", { itemName: "Cabinet", quantity: 2, estimatedPrice: "500.00" });
const cId = vendorC.user.id;
/** Strings that name vendor C: they may appear where they did before (vendor lists), never more often. */
const C_IDENTITY = [
  vendorC.user.email,
  C.company,
  C.contact,
  C.lastName,
  ...["userId", "user_id", "vendorId", "vendor_id", "ownerUserId", "owner_user_id"].map((k) => `"${k}":${cId}`),
];
/** Strings of C's bid: never anywhere before unsealing. */
const C_BID = [C.unit, C.total, C.notes, C.itemNotes, C.file, C.agent, `"validity_days":47`, `"lead_time_days":13`];

const occurrences = (text: string, s: string) => text.split(s).length - 1;

/** Every staff-readable response body, keyed by "role path". */
async function readEverything(ids: number[]): Promise<Map<string, string>> {
  const paths = new Set<string>([
    "/api/admin/audit-logs?range=all&limit=500",
    "/api/admin/audit-logs?range=all&limit=500&action=CREATE",
    "/api/admin/audit-logs/export?range=all",
    "/api/quotations?limit=200",
    "/api/bid-requests?limit=200",
  ]);
  for (const r of t.app.routes) {
    if (r.method !== "GET" || !r.path.startsWith("/api/") || r.path.includes("*") || r.path.includes("logout")) {
      continue;
    }
    if (r.path.includes(":")) { for (const id of ids) paths.add(r.path.replace(/:[A-Za-z]+/g, String(id))); }
    else paths.add(r.path);
  }
  const out = new Map<string, string>();
  for (const [role, s] of STAFF) {
    for (const path of paths) {
      const res = await s.request(path);
      assert.ok(res.status < 500, `${role} GET ${path}: ${res.status}`);
      // The notification stream never ends by itself; what it sends is the notifications table's rows,
      // which readEveryTable reads.
      if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
        await res.body?.cancel();
        continue;
      }
      out.set(`${role} GET ${path}`, await res.text());
    }
    out.set(
      `${role} POST /api/admin/backup-database`,
      role === "admin"
        // PostgreSQL writes `"key": value`; the probes are written `"key":value`.
        ? (await backupText(s.request)).replaceAll('": ', '":')
        : await (await s.request("/api/admin/backup-database", {
          method: "POST",
          json: { passphrase: TEST_BACKUP_PASSPHRASE },
        })).text(),
    );
  }
  return out;
}

let cQuoteId = 0;
let cFileId = 0;
Deno.test(`${tag} before unsealing, no endpoint, export, backup or log line tells who bid or what`, async () => {
  const ids = [bid2.id, cId];
  const before = await readEverything(ids);
  assert.ok(before.size > 100, `sanity: ${before.size} responses read`);
  assert.ok([...before.values()].some((b) => b.includes(vendorC.user.email)), "sanity: the vendor is listed");

  const rec = recordingLogger();
  const logged = await testApp({ db, logger: rec });
  const form = new FormData();
  form.append(
    "quotation",
    JSON.stringify({
      bidRequestId: bid2.id,
      items: [{ itemId: bid2.items[0].id, unitPrice: C.unit, notes: C.itemNotes }],
      notes: C.notes,
      validityPeriod: 47,
      leadTimeDays: 13,
    }),
  );
  form.append("attachments", new File([PDF_A], C.file, { type: "application/pdf" }));
  const submitted = await sessionRequest(logged, vendorC.cookie)("/api/vendor/quotations", {
    method: "POST",
    body: form,
    headers: { "user-agent": C.agent },
  });
  const cQuote = await expectJson<VendorQuotation>(submitted, 201);
  cQuoteId = cQuote.id;
  cFileId = cQuote.attachments[0].id;
  const logText = JSON.stringify(rec.lines);
  for (const s of [...C_IDENTITY, ...C_BID, `"userId":${cId}`]) assert.ok(!logText.includes(s), `request log: ${s}`);

  const after = await readEverything([...ids, cQuoteId, cFileId]);
  const problems: string[] = [];
  for (const [key, body] of after) {
    for (const s of C_BID) if (body.includes(s)) problems.push(`${key} shows ${s}`);
    for (const s of C_IDENTITY) {
      if (occurrences(body, s) > occurrences(before.get(key) ?? "", s)) problems.push(`${key} names the vendor: ${s}`);
    }
  }
  assert.deepEqual(problems, []);
  // The count is all there is: the bid says one submission.
  assert.equal((await expectJson<Bid>(await finance.request(`/api/bid-requests/${bid2.id}`), 200)).bidCount, 1);
});

Deno.test(`${tag} after unsealing, the audit list, CSV and TXT exports and the backup show who bid (control)`, async () => {
  await expectJson(
    await manager.request(`/api/bid-requests/${bid2.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Closed early in the test" },
    }),
    200,
  );
  await expectJson(await manager.request(`/api/bid-requests/${bid2.id}/unseal`, { method: "POST" }), 200);
  const entries = await expectJson<
    { userId: number; userEmail: string; entityId: string; userAgent: string; metadata: Record<string, unknown> }[]
  >(await admin.request("/api/admin/audit-logs?range=all&limit=500&action=CREATE"), 200);
  const mine = entries.find((e) => e.entityId === String(cQuoteId));
  assert.ok(mine, "the submission's entry is revealed");
  assert.deepEqual(
    [mine.userId, mine.userEmail, mine.userAgent, mine.metadata.bidRequestId, mine.metadata.attachments],
    [cId, vendorC.user.email, C.agent, bid2.id, 1],
  );
  const csv = await (await admin.request("/api/admin/audit-logs/export?range=all")).text();
  assert.ok(csv.includes(vendorC.user.email) && csv.includes(C.agent), "CSV export");
  const txt = await (await admin.request("/api/admin/export-logs")).text();
  assert.ok(txt.includes(vendorC.user.email), "TXT export");
  const backup = (await backupText(admin.request)).replaceAll('": ', '":');
  for (const s of [C.notes, `"validity_days":47`, `"lead_time_days":13`, C.file, `"vendor_id":${cId}`]) {
    assert.ok(backup.includes(s), `backup: ${s}`);
  }
  // Revealing is a reading: the stored entries and their hash chain are untouched.
  assert.equal((await verifyAuditChain(db)).ok, true, "the audit chain still verifies");
  // The first bid was unsealed earlier in this file: its vendors are shown again too.
  assert.ok(entries.some((e) => e.userEmail === vendorA.user.email), "the first bid's entries are revealed");
});
