/**
 * OCR import: a vendor's upload becomes a job (its file stored, encrypted for a sealed bid), any
 * instance's runner reads it off the request path in the worker pool, the vendor reads the result
 * back, and submitting the quotation consumes the job (the file becomes the quotation's attachment).
 */
import type { Db, Queryable } from "../../db/types.ts";
import { fileBytes, storeFile } from "../../files/storage.ts";
import type { FileKind } from "../../files/detect.ts";
import type { Deps } from "../../lib/deps.ts";
import { decrypt, encrypt } from "../../lib/crypto.ts";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { readerTag } from "../../sealing/bidder.ts";
import { Conflict, NotFound, TooManyRequests } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ExtractionResult } from "../../ocr/extract.ts";
import { matchItems, type RequestItem } from "../../ocr/match.ts";
import { OcrJobError, type OcrPool } from "../../ocr/pool.ts";
import * as q from "./queries.ts";

export const OCR_KINDS: FileKind[] = ["pdf", "png", "jpeg", "tiff", "bmp"];

type Target = { kind: "purchase_request" | "bid_request"; id: number };

/**
 * A request open to the vendor now, as the opportunities feature found it (its items, and whether it
 * is a sealed bid): that feature calls this one, never the other way (docs/decisions/027-service-layer.md).
 */
export type OpenTarget = Target & { items: RequestItem[]; sealed: boolean };

/** The vendor as owner of its jobs: its id, and its reader tag for sealed bids' jobs (src/sealing/bidder.ts). */
async function ownerOf(deps: Pick<Deps, "secrets">, vendorId: number): Promise<q.JobOwner> {
  return { userId: vendorId, tag: await readerTag(deps.secrets.sealedBidKey, vendorId) };
}

/**
 * A sealed bid's job says neither who nor for which bid in clear (decision 024): no created_by (the
 * reader tag instead), and the target encrypted in the payload; opened by the server for the worker
 * and for its owner.
 */
async function storedPayload(key: Uint8Array, p: q.OcrPayload & { items: RequestItem[] }): Promise<q.StoredPayload> {
  if (!p.sealedContext) return p as unknown as q.StoredPayload;
  const { fileId, sealedContext, ...target } = p;
  const sealed = await encrypt(key, new TextEncoder().encode(JSON.stringify(target)), `${sealedContext}:target`);
  return { fileId, sealedContext, sealedTarget: encodeBase64(sealed) };
}

async function openedPayload(
  key: Uint8Array,
  p: q.StoredPayload,
): Promise<q.OcrPayload & { items?: RequestItem[]; errorParams?: Record<string, string | number> }> {
  if (!p.sealedTarget) return p as unknown as q.OcrPayload;
  const target = JSON.parse(
    new TextDecoder().decode(await decrypt(key, decodeBase64(p.sealedTarget), `${p.sealedContext}:target`)),
  );
  const { sealedTarget: _t, ...rest } = p;
  return { ...rest, ...target } as q.OcrPayload;
}

export async function createJob(
  deps: Deps,
  vendorId: number,
  target: OpenTarget,
  file: { name: string; bytes: Uint8Array },
): Promise<number> {
  const { db, config, secrets, objectStore } = deps;
  const { items, sealed } = target;
  return await db.tx(async (tx) => {
    // Serialise one vendor's uploads so the hourly limit holds under parallel requests.
    await q.lockVendorJobs(tx, vendorId);
    const owner = await ownerOf(deps, vendorId);
    if ((await q.countRecent(tx, owner)) >= config.ocr.jobsPerHour) {
      const oldest = await q.oldestRecent(tx, owner);
      const wait = oldest ? Math.max(1, Math.ceil((oldest.getTime() + 3600_000 - Date.now()) / 1000)) : 3600;
      throw new TooManyRequests("ocr.rateLimited", wait, { max: config.ocr.jobsPerHour });
    }
    const sealedContext = sealed ? `ocr:${crypto.randomUUID()}` : undefined;
    const stored = await storeFile(tx, {
      ownerUserId: vendorId,
      filename: file.name,
      bytes: file.bytes,
      purpose: "ocr_source",
      allowed: OCR_KINDS,
      encryptedBytes: sealedContext ? await encrypt(secrets.sealedBidKey, file.bytes, sealedContext) : undefined,
      sealKey: sealedContext ? secrets.sealedBidKey : undefined,
    }, objectStore);
    return await q.insertJob(
      tx,
      sealedContext ? { tag: owner.tag } : { userId: vendorId },
      await storedPayload(secrets.sealedBidKey, {
        fileId: stored.id,
        // The name as uploaded (a sealed file is stored under a neutral one).
        filename: sealedContext ? file.name : stored.filename,
        kind: target.kind,
        targetId: target.id,
        sealedContext,
        items,
      }),
    );
  });
}

export interface JobView {
  id: number;
  status: q.JobRow["status"];
  stage: string;
  progress: number;
  /** `code` from src/shared/error-codes.ts; `params` fill its message (the SPA translates both). */
  error?: { code: string; message: string; params: Record<string, string | number> };
  result?: ExtractionResult;
}

/** The job as its owner sees it (a sealed result opened for the owner only). */
export async function readJob(deps: Deps, jobId: number, vendorId: number): Promise<JobView> {
  const row = await q.jobFor(deps.db, jobId, await ownerOf(deps, vendorId));
  if (!row) throw new NotFound("ocr.jobNotFound");
  return await present(deps, row);
}

async function present(deps: Deps, row: q.JobRow): Promise<JobView> {
  const view: JobView = { id: row.id, status: row.status, stage: row.stage, progress: row.progress };
  if (row.status === "failed") {
    const params = (row.payload as { errorParams?: Record<string, string | number> }).errorParams ?? {};
    view.error = { code: row.errorCode ?? "ocr.failed", message: row.error ?? "", params };
  }
  if (row.status === "done") {
    view.result = row.sealedResult && row.payload.sealedContext
      ? JSON.parse(
        new TextDecoder().decode(
          await decrypt(deps.secrets.sealedBidKey, row.sealedResult, `${row.payload.sealedContext}:result`),
        ),
      )
      : row.result as ExtractionResult;
  }
  return view;
}

/** The uploaded original of a finished job, for the quotation that submits it. */
export async function sourceForSubmission(deps: Deps, jobId: number, vendorId: number, target: Target) {
  const row = await q.jobFor(deps.db, jobId, await ownerOf(deps, vendorId));
  if (!row) throw new NotFound("ocr.jobNotFound");
  if (row.status !== "done") throw new Conflict("ocr.jobNotDone");
  const payload = await openedPayload(deps.secrets.sealedBidKey, row.payload);
  if (payload.kind !== target.kind || payload.targetId !== target.id) throw new Conflict("ocr.jobOtherRequest");
  const bytes = await originalBytes(deps.db, deps, payload);
  if (!bytes) throw new Conflict("ocr.jobNotDone");
  return { name: payload.filename, bytes };
}

export async function consume(tx: Queryable, deps: Pick<Deps, "secrets">, jobId: number, vendorId: number) {
  if (!(await q.consumeJob(tx, jobId, await ownerOf(deps, vendorId)))) throw new Conflict("ocr.jobUsed");
}

async function originalBytes(db: Queryable, deps: Pick<Deps, "secrets" | "objectStore">, p: q.OcrPayload) {
  const stored = await fileBytes(db, p.fileId, deps.objectStore);
  if (!stored) return undefined;
  return p.sealedContext ? await decrypt(deps.secrets.sealedBidKey, stored, p.sealedContext) : stored;
}

// ---------------------------------------------------------------------------------------------
// The runner: claims jobs while the pool has room; progress is written at most every 300 ms.

/** Reads one claimed job to its end: done with the (matched) result, or failed with a code. */
export async function processJob(
  db: Db,
  deps: Pick<Deps, "secrets" | "objectStore">,
  pool: OcrPool,
  job: q.JobRow,
): Promise<void> {
  try {
    const payload = await openedPayload(deps.secrets.sealedBidKey, job.payload);
    const bytes = await originalBytes(db, deps, payload);
    if (!bytes) throw new OcrJobError("ocr.failed", "The uploaded file is gone");
    let last = 0;
    let writing: Promise<void> = Promise.resolve();
    const result = await pool.run(bytes, (stage, progress) => {
      const now = Date.now();
      if (now - last < 300) return;
      last = now;
      writing = writing.then(() => q.setProgress(db, job.id, stage, progress)).catch(() => {});
    });
    await writing;
    const ids = matchItems(result.items, payload.items ?? []);
    const matched: ExtractionResult = {
      ...result,
      items: result.items.map((it, i) => (ids[i] !== undefined ? { ...it, itemId: ids[i] } : it)),
    };
    const sealed = payload.sealedContext
      ? await encrypt(
        deps.secrets.sealedBidKey,
        new TextEncoder().encode(JSON.stringify(matched)),
        `${payload.sealedContext}:result`,
      )
      : null;
    await q.finishJob(db, job.id, matched, sealed);
  } catch (e) {
    const err = e instanceof OcrJobError ? e : new OcrJobError("ocr.failed", "The document could not be read");
    await q.failJob(db, job.id, err.code, err.message, err.params);
  }
}

/** Claims jobs while the pool has room (every second, and at once when poked after an upload). */
export function startOcrRunner(
  db: Db,
  deps: Pick<Deps, "secrets" | "objectStore"> & { logger: Logger },
  pool: OcrPool,
  intervalMs = 1000,
) {
  let stopped = false;
  let ticking = false;
  let inflight = 0;
  const running = new Set<Promise<void>>();
  const leaseSeconds = Math.ceil(pool.limits.timeoutMs / 1000) + 60;
  const tick = async () => {
    if (ticking || stopped) return;
    ticking = true;
    try {
      while (!stopped && inflight < pool.size) {
        const job = await q.claimJob(db, leaseSeconds);
        if (!job) break;
        inflight++;
        const p = processJob(db, deps, pool, job).finally(() => {
          inflight--;
          running.delete(p);
          void tick();
        });
        running.add(p);
      }
    } catch (e) {
      deps.logger.warn("ocr runner", { error: String(e) });
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  void tick();
  return {
    /** Look for work now (after an upload on this instance). */
    poke: () => void tick(),
    /** Stops claiming, waits for the jobs in hand, then ends the workers. */
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...running]);
      pool.close();
    },
  };
}
