/**
 * OCR import through the API: upload → 202 job → the runner reads it in the worker pool → the
 * vendor reads the result (or follows it as server-sent events) → submitting consumes the job and
 * keeps the document. Text-layer PDFs here (fast); image OCR is covered in src/ocr/recognise.test.ts.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";
import { waitUntil } from "../helpers/wait.ts";
import { type DocSpec, renderPdf } from "../fixtures/ocr/corpus.ts";
import { OcrPool } from "../../src/ocr/pool.ts";
import { PDFDocument } from "pdf-lib";
import { startOcrRunner } from "../../src/features/ocr/service.ts";
import * as jobs from "../../src/features/ocr/queries.ts";
import { backupText } from "../helpers/backup.ts";

const tag = `[ocr/${testBackend()}]`;
const t = await testApp();
const { db } = t;
/** The app's runner, claiming every 200 ms (a test that claims jobs itself stops it first). */
function startRunner() {
  const started = startOcrRunner(db, t.deps, new OcrPool(1, { ...t.deps.config.ocr, timeoutMs: 60_000 }), 200);
  t.deps.ocr = started;
  return started;
}
let runner = startRunner();
Deno.test.afterAll(async () => {
  await runner.stop();
  await t.close();
});

const CAT = await createCategory(db, "Office");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const vendor = await as(t, "vendor", { categoryIds: [CAT] });
const other = await as(t, "vendor", { categoryIds: [CAT] });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);

async function request(status = "active") {
  const res = await team.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: `Chairs ${crypto.randomUUID().slice(0, 6)}`,
      description: "OCR test",
      department: "Admin",
      justification: "Needed",
      requestType: "vendor_quote",
      categoryId: CAT,
      deadline: iso(5 * DAY),
      items: [
        { itemName: "Office chair, ergonomic", quantity: 40, unit: "pcs", estimatedPrice: "100", categoryId: CAT },
        { itemName: "Desk 160x80 cm", quantity: 10, unit: "pcs", estimatedPrice: "300", categoryId: CAT },
      ],
    },
  });
  const body = await expectJson<{ id: number; items: { id: number; itemName?: string; name?: string }[] }>(res, 201);
  await db.query("update purchase_requests set status = $2 where id = $1", [body.id, status]);
  return body;
}

const SPEC: DocSpec = {
  id: "api",
  layout: "classic",
  vendorName: "Acme Office Supplies Ltd",
  quoteNumber: "Q-2026-0042",
  date: "2026-11-20",
  validityDays: 30,
  currency: "USD",
  rowsPerPage: 30,
  items: [
    { name: "Ergonomic office chairs", quantity: 40, unit: "pcs", unitPrice: 12550, total: 502000 },
    { name: "Desk 160x80 cm, oak finish", quantity: 10, unit: "pcs", unitPrice: 123456, total: 1234560 },
  ],
};
const PDF = await renderPdf(SPEC);

function upload(s: Session, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) {
    form.set("quotationFile", new File([file.bytes.slice()], file.name, { type: file.type ?? "application/pdf" }));
  }
  return s.request("/api/vendor/quotations/ocr-extract", { method: "POST", body: form });
}

type JobView = {
  id: number;
  status: string;
  stage: string;
  progress: number;
  error?: { code: string; message: string; params?: Record<string, string | number> };
  result?: {
    items: { name: string; quantity: string; unitPrice: string; totalPrice: string; itemId?: number; check: string }[];
    vendorName?: string;
    quoteNumber?: string;
    date?: string;
    validityPeriod?: number;
  };
};

async function finished(s: Session, jobId: number): Promise<JobView> {
  let view!: JobView;
  await waitUntil(async () => {
    view = await expectJson<JobView>(await s.request(`/api/vendor/ocr-jobs/${jobId}`), 200);
    return view.status === "done" || view.status === "failed";
  }, { timeoutMs: 60_000, intervalMs: 20, message: `OCR job ${jobId} to finish` });
  return view;
}

Deno.test(`${tag} a text PDF is read into items matched to the request's items, header fields included`, async () => {
  const pr = await request();
  const res = await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: PDF, name: "quote.pdf" });
  const { jobId } = await expectJson<{ jobId: number }>(res, 202);
  const view = await finished(vendor, jobId);
  assert.equal(view.status, "done", JSON.stringify(view.error));
  assert.equal(view.progress, 100);
  const r = view.result!;
  assert.deepEqual(
    r.items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice, i.check, i.itemId]),
    [
      ["Ergonomic office chairs", "40", "125.50", "5020.00", "verified", pr.items[0].id],
      ["Desk 160x80 cm, oak finish", "10", "1234.56", "12345.60", "verified", pr.items[1].id],
    ],
  );
  assert.equal(r.vendorName, "Acme Office Supplies Ltd");
  assert.equal(r.quoteNumber, "Q-2026-0042");
  assert.equal(r.date, "2026-11-20");
  assert.equal(r.validityPeriod, 30);
});

Deno.test(`${tag} only the uploader reads a job; staff cannot; the events stream ends with the final state`, async () => {
  const pr = await request();
  const { jobId } = await expectJson<{ jobId: number }>(
    await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: PDF, name: "q.pdf" }),
    202,
  );
  await expectError(await other.request(`/api/vendor/ocr-jobs/${jobId}`), 404, "ocr.jobNotFound");
  await expectError(await other.request(`/api/vendor/ocr-jobs/${jobId}/events`), 404, "ocr.jobNotFound");
  assert.equal((await manager.request(`/api/vendor/ocr-jobs/${jobId}`)).status, 403);
  const events = await vendor.request(`/api/vendor/ocr-jobs/${jobId}/events`);
  assert.equal(events.status, 200);
  assert.match(events.headers.get("content-type") ?? "", /^text\/event-stream/);
  const text = await events.text();
  const last = text.trim().split("\n\n").pop()!;
  assert.match(last, /^event: job/);
  const data = JSON.parse(last.split("\n").find((l) => l.startsWith("data:"))!.slice(5));
  assert.equal(data.status, "done");
  assert.equal(data.result.items.length, 2);
});

Deno.test(`${tag} submitting with the job keeps the document as an attachment, source 'ocr', and uses the job up`, async () => {
  const pr = await request();
  const { jobId } = await expectJson<{ jobId: number }>(
    await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: PDF, name: "acme-quote.pdf" }),
    202,
  );
  const view = await finished(vendor, jobId);
  const body = {
    purchaseRequestId: pr.id,
    ocrJobId: jobId,
    validityPeriod: 30,
    items: view.result!.items.map((i) => ({ itemId: i.itemId, unitPrice: i.unitPrice })),
  };
  await expectError(
    await vendor.request("/api/vendor/quotations", { method: "POST", json: { ...body, ocrJobId: 999999 } }),
    404,
    "ocr.jobNotFound",
  );
  const created = await expectJson<{ id: number; totalAmount: string; attachments: { filename: string }[] }>(
    await vendor.request("/api/vendor/quotations", { method: "POST", json: body }),
    201,
  );
  assert.equal(created.totalAmount, "17365.60");
  assert.deepEqual(created.attachments.map((a) => a.filename), ["acme-quote.pdf"]);
  const [row] = await db.query<{ source: string }>("select source from quotations where id = $1", [created.id]);
  assert.equal(row.source, "ocr");
  assert.equal((await db.query("select 1 from jobs where id = $1", [jobId])).length, 0, "the job is gone");
  assert.equal(
    (await db.query("select 1 from files where purpose = 'ocr_source' and owner_user_id = $1", [vendor.user.id]))
      .length,
    (await db.query("select 1 from jobs where created_by = $1 and kind = 'ocr_extract'", [vendor.user.id])).length,
    "the uploaded source went with its job",
  );
  await expectError(
    await vendor.request("/api/vendor/quotations", { method: "POST", json: body }),
    404,
    "ocr.jobNotFound",
  );
});

Deno.test(`${tag} bad uploads are refused before a job exists: type by content, size, target, closed request`, async () => {
  const pr = await request();
  const before = (await db.query("select count(*)::int as n from jobs"))[0];
  await expectError(
    await upload(vendor, { purchaseRequestId: String(pr.id) }, {
      bytes: new TextEncoder().encode("MZ not a pdf"),
      name: "quote.pdf",
    }),
    415,
  );
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(PDF.subarray(0, 8));
  await expectError(await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: big, name: "big.pdf" }), 413);
  await expectError(await upload(vendor, {}, { bytes: PDF, name: "q.pdf" }), 400, "ocr.target");
  await expectError(await upload(vendor, { purchaseRequestId: String(pr.id) }), 400, "ocr.oneFile");
  await expectError(
    await upload(vendor, { purchaseRequestId: "2147483648" }, { bytes: PDF, name: "q.pdf" }),
    400,
    "ocr.target",
  );
  const closed = await request("completed");
  await expectError(
    await upload(vendor, { purchaseRequestId: String(closed.id) }, { bytes: PDF, name: "q.pdf" }),
    404,
    "ocr.targetNotOpen",
  );
  assert.deepEqual((await db.query("select count(*)::int as n from jobs"))[0], before, "nothing was queued");
});

Deno.test(`${tag} a broken PDF fails its job with a clear code, not the server`, async () => {
  const pr = await request();
  const broken = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nnonsense\n%%EOF");
  const { jobId } = await expectJson<{ jobId: number }>(
    await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: broken, name: "broken.pdf" }),
    202,
  );
  const view = await finished(vendor, jobId);
  assert.equal(view.status, "failed");
  assert.ok(["ocr.unreadablePdf", "ocr.failed"].includes(view.error!.code), view.error!.code);
  assert.equal((await t.app.request("/healthz")).status, 200);
});

Deno.test(`${tag} a failed job's error carries its code and the params its message needs (ocr.tooManyPages {max})`, async () => {
  const pr = await request();
  const doc = await PDFDocument.create();
  const max = t.deps.config.ocr.maxPages;
  for (let i = 0; i <= max; i++) doc.addPage([200, 200]);
  const { jobId } = await expectJson<{ jobId: number }>(
    await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: await doc.save(), name: "long.pdf" }),
    202,
  );
  const view = await finished(vendor, jobId);
  assert.equal(view.status, "failed");
  assert.deepEqual({ code: view.error!.code, params: view.error!.params }, {
    code: "ocr.tooManyPages",
    params: { max },
  });
});

Deno.test(`${tag} a vendor may start at most OCR_JOBS_PER_HOUR reads an hour (429 with Retry-After)`, async () => {
  const pr = await request();
  const saved = t.deps.config.ocr.jobsPerHour;
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from jobs where created_by = $1 and created_at > now() - interval '1 hour'",
    [other.user.id],
  );
  t.deps.config.ocr.jobsPerHour = n + 2;
  try {
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => upload(other, { purchaseRequestId: String(pr.id) }, { bytes: PDF, name: "q.pdf" })),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [202, 202, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    await Promise.all(results.map((r) => r.body?.cancel()));
  } finally {
    t.deps.config.ocr.jobsPerHour = saved;
  }
});

Deno.test(`${tag} a job whose worker died is retried once, then failed`, async () => {
  const pr = await request();
  const { jobId } = await expectJson<{ jobId: number }>(
    await upload(vendor, { purchaseRequestId: String(pr.id) }, { bytes: PDF, name: "q.pdf" }),
    202,
  );
  await finished(vendor, jobId);
  // The claim takes the oldest queued job: wait until the jobs earlier tests of this file queued are
  // done, or the claim below may take one of those instead of this one.
  await waitUntil(async () => {
    const [{ n }] = await db.query<{ n: number }>(
      "select count(*)::int as n from jobs where kind = 'ocr_extract' and status in ('queued', 'running')",
    );
    return n === 0;
  }, { timeoutMs: 60_000, message: "the file's other OCR jobs to finish" });
  // The claims below are this test's own: the app's runner would otherwise take the job between
  // its requeue and the claim that is being checked.
  await runner.stop();
  try {
    // Pretend it was claimed by an instance that died: running, lease long expired.
    await db.query(
      "update jobs set status = 'running', attempts = 1, locked_at = now() - interval '1 hour' where id = $1",
      [jobId],
    );
    const again = await jobs.claimJob(db, 60);
    assert.equal(again?.id, jobId, "queued again and claimed");
    assert.equal(again?.attempts, 2);
    await db.query("update jobs set locked_at = now() - interval '1 hour' where id = $1", [jobId]);
    await jobs.claimJob(db, 60);
    const [row] = await db.query<{ status: string; error_code: string }>(
      "select status, error_code from jobs where id = $1",
      [jobId],
    );
    assert.deepEqual({ ...row }, { status: "failed", error_code: "ocr.crashed" });
  } finally {
    runner = startRunner();
  }
});

Deno.test(`${tag} for a sealed bid the document and the result are encrypted and stay out of the backup`, async () => {
  const admin = await as(t, "admin");
  const created = await manager.request("/api/bid-requests", {
    method: "POST",
    json: {
      title: "Sealed chairs",
      description: "Sealed OCR test",
      department: "Admin",
      qualificationCriteria: "Any",
      deadline: iso(21 * DAY),
      biddingDeadline: iso(14 * DAY),
      biddingMode: "sealed",
      categoryId: CAT,
      items: [{
        itemName: "Office chair, ergonomic",
        quantity: 40,
        unit: "pcs",
        estimatedPrice: "1.00",
        categoryId: CAT,
      }],
    },
  });
  const bid = await expectJson<{ id: number; status: string; items: { id: number }[] }>(created, 201);
  await db.query("update bid_requests set status = 'bidding_open' where id = $1", [bid.id]);
  const sealedPdf = await renderPdf({
    ...SPEC,
    items: [{ name: "Ergonomic office chairs", quantity: 40, unit: "pcs", unitPrice: 9877, total: 395080 }],
  });
  const { jobId } = await expectJson<{ jobId: number }>(
    await upload(vendor, { bidRequestId: String(bid.id) }, { bytes: sealedPdf, name: "sealed-marker-quote.pdf" }),
    202,
  );
  const view = await finished(vendor, jobId);
  assert.equal(view.status, "done");
  assert.equal(view.result!.items[0].unitPrice, "98.77", "the owner reads its own result");
  assert.equal(view.result!.items[0].itemId, bid.items[0].id);
  const [row] = await db.query<{ result: unknown; sealed: boolean; encrypted: boolean }>(
    `select j.result, j.sealed_result is not null as sealed, f.encrypted
       from jobs j join files f on f.id = (j.payload->>'fileId')::int where j.id = $1`,
    [jobId],
  );
  assert.deepEqual({ ...row }, { result: null, sealed: true, encrypted: true });
  // The job row says neither who nor for which bid: no created_by, the target encrypted.
  const [job] = await db.query<{ createdBy: number | null; tagged: boolean; payload: string }>(
    `select created_by as "createdBy", owner_tag is not null as tagged, payload::text as payload from jobs where id = $1`,
    [jobId],
  );
  assert.equal(job.createdBy, null);
  assert.equal(job.tagged, true);
  for (const s of [`"targetId"`, `"kind"`, `"filename"`, `"items"`, "sealed-marker-quote", "Office chair"]) {
    assert.ok(!job.payload.includes(s), `job payload shows ${s}`);
  }
  // Another vendor cannot read it; its owner submits with it (the file named as uploaded, once).
  assert.equal((await other.request(`/api/vendor/quotations/ocr-extract/${jobId}`)).status, 404);
  const submitted = await expectJson<{ id: number; source: string; attachments: { filename: string }[] }>(
    await vendor.request("/api/vendor/quotations", {
      method: "POST",
      json: { bidRequestId: bid.id, ocrJobId: jobId, items: [{ itemId: bid.items[0].id, unitPrice: "98.77" }] },
    }),
    201,
  );
  assert.equal(submitted.source, "ocr");
  assert.deepEqual(submitted.attachments.map((a) => a.filename), ["sealed-marker-quote.pdf"]);
  assert.equal((await db.query("select 1 from jobs where id = $1", [jobId])).length, 0, "the job is used up");
  const backup = await backupText(admin.request);
  assert.equal(backup.includes("sealed-marker-quote"), false, "no file name");
  assert.equal(backup.includes("3950.80") || backup.includes("98.77"), false, "no prices");
  assert.equal(backup.includes(`"ocr_extract"`), false, "no job rows");
  assert.ok(backup.includes(`"quotation_attachment"`), "the backup was read (files rows are in it)");
});
