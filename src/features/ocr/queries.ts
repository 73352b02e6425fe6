/** SQL of OCR import jobs (the `jobs` table, kind 'ocr_extract'). */
import type { Queryable } from "../../db/types.ts";

export interface OcrPayload {
  fileId: number;
  filename: string;
  kind: "purchase_request" | "bid_request";
  targetId: number;
  /** Sealed bid: the file and the result are encrypted, bound to this context. */
  sealedContext?: string;
}

/**
 * A sealed bid's job as stored: the target (kind, id, file name, items) encrypted in `sealedTarget`
 * (base64), so the row does not say which bid a vendor is answering (src/features/ocr/service.ts).
 */
export interface StoredPayload {
  fileId: number;
  sealedContext?: string;
  sealedTarget?: string;
  [k: string]: unknown;
}

/** Whose job: created_by, or for a sealed bid's job the vendor's reader tag (src/sealing/bidder.ts). */
export interface JobOwner {
  userId: number;
  tag: Uint8Array;
}
const OWNED = (user: number, tag: number) => `(created_by = $${user} or owner_tag = $${tag})`;

export interface JobRow {
  id: number;
  status: "queued" | "running" | "done" | "failed";
  stage: string;
  progress: number;
  payload: StoredPayload;
  result: unknown;
  sealedResult: Uint8Array | null;
  error: string | null;
  errorCode: string | null;
  attempts: number;
  createdBy: number | null;
  updatedAt: Date;
}

const FIELDS = `id, status, stage, progress, payload, result, sealed_result as "sealedResult", error,
  error_code as "errorCode", attempts, created_by as "createdBy", updated_at as "updatedAt"`;

export async function countRecent(db: Queryable, owner: JobOwner): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from jobs
      where kind = 'ocr_extract' and ${OWNED(1, 2)} and created_at > now() - interval '1 hour'`,
    [owner.userId, owner.tag],
  );
  return r.n;
}

/** The oldest job of the vendor's last hour: when the next slot frees up. */
export async function oldestRecent(db: Queryable, owner: JobOwner): Promise<Date | undefined> {
  const [r] = await db.query<{ at: Date }>(
    `select min(created_at) as at from jobs
      where kind = 'ocr_extract' and ${OWNED(1, 2)} and created_at > now() - interval '1 hour'`,
    [owner.userId, owner.tag],
  );
  return r?.at ?? undefined;
}

/** `owner`: created_by, or (a sealed bid's job) only the owner tag. */
export async function insertJob(
  db: Queryable,
  owner: { userId: number } | { tag: Uint8Array },
  payload: StoredPayload,
): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    `insert into jobs (kind, payload, created_by, owner_tag) values ('ocr_extract', $1::jsonb, $2, $3) returning id`,
    [JSON.stringify(payload), "userId" in owner ? owner.userId : null, "tag" in owner ? owner.tag : null],
  );
  return r.id;
}

export async function jobFor(db: Queryable, id: number, owner: JobOwner): Promise<JobRow | undefined> {
  return (await db.query<JobRow>(
    `select ${FIELDS} from jobs where id = $1 and kind = 'ocr_extract' and ${OWNED(2, 3)}`,
    [id, owner.userId, owner.tag],
  ))[0];
}

/**
 * Takes the next queued job (FOR UPDATE SKIP LOCKED: one instance each). A job whose worker died
 * (its lease ran out while running) is queued again once, then failed.
 */
export async function claimJob(db: Queryable, leaseSeconds: number): Promise<JobRow | undefined> {
  await db.query(
    `update jobs set status = 'failed', stage = 'failed', error_code = 'ocr.crashed',
        error = 'Reading the document stopped unexpectedly', locked_at = null, updated_at = now()
      where kind = 'ocr_extract' and status = 'running' and locked_at < now() - make_interval(secs => $1)
        and attempts >= 2`,
    [leaseSeconds],
  );
  // attempts < 2 here too: a lease that expires between these two statements must not requeue a
  // job the first one would have failed (it ran a third time, and the crash was never reported).
  await db.query(
    `update jobs set status = 'queued', stage = 'queued', progress = 0, locked_at = null, updated_at = now()
      where kind = 'ocr_extract' and status = 'running' and locked_at < now() - make_interval(secs => $1)
        and attempts < 2`,
    [leaseSeconds],
  );
  return (await db.query<JobRow>(
    `update jobs set status = 'running', stage = 'reading', attempts = attempts + 1, locked_at = now(),
        updated_at = now()
      where id = (select id from jobs where kind = 'ocr_extract' and status = 'queued' and run_at <= now()
                   order by id for update skip locked limit 1)
      returning ${FIELDS}`,
    [],
  ))[0];
}

export async function setProgress(db: Queryable, id: number, stage: string, progress: number) {
  await db.query(
    `update jobs set stage = $2, progress = greatest(progress, $3), locked_at = now(), updated_at = now()
      where id = $1 and status = 'running'`,
    [id, stage, progress],
  );
}

export async function finishJob(db: Queryable, id: number, result: unknown, sealedResult: Uint8Array | null) {
  await db.query(
    `update jobs set status = 'done', stage = 'done', progress = 100, result = $2::jsonb, sealed_result = $3,
        locked_at = null, updated_at = now()
      where id = $1 and status = 'running'`,
    [id, sealedResult ? null : JSON.stringify(result), sealedResult],
  );
}

/** Fails a job with its error code; `params` fill the code's message (kept in the payload). */
export async function failJob(
  db: Queryable,
  id: number,
  code: string,
  message: string,
  params: Record<string, string | number> = {},
) {
  await db.query(
    `update jobs set status = 'failed', stage = 'failed', error_code = $2, error = $3, locked_at = null,
        payload = payload || jsonb_build_object('errorParams', $4::jsonb), updated_at = now()
      where id = $1 and status = 'running'`,
    [id, code, message, JSON.stringify(params)],
  );
}

/** Removes a submitted job and its uploaded file; false when it was already used. */
export async function consumeJob(tx: Queryable, id: number, owner: JobOwner): Promise<boolean> {
  const rows = await tx.query<{ fileId: number }>(
    `delete from jobs where id = $1 and kind = 'ocr_extract' and ${OWNED(2, 3)} and status = 'done'
      returning (payload->>'fileId')::int as "fileId"`,
    [id, owner.userId, owner.tag],
  );
  if (!rows.length) return false;
  await tx.query("delete from files where id = $1 and purpose = 'ocr_source'", [rows[0].fileId]);
  return true;
}

/** Serialises one vendor's uploads (transaction-scoped advisory lock), so the hourly limit holds in parallel. */
export async function lockVendorJobs(tx: Queryable, vendorId: number) {
  await tx.query("select pg_advisory_xact_lock(hashtext('ocr-jobs'), $1)", [vendorId]);
}
