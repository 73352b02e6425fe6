/**
 * Signed checkpoints of the audit chain. The hash chain alone proves nothing to
 * someone who can rewrite the table and recompute every hash (the table owner can disable triggers).
 * So the head of the chain is signed, with HMAC-SHA256 under a key derived from the app's secrets
 * (purpose "audit") that the database never sees, every `every` entries and on a schedule, and each
 * checkpoint is written to the log and appended to a file outside the database
 * (DATA_DIR/audit-checkpoints.jsonl by default). `deno task audit:verify` then checks that every
 * checkpointed entry still has the signed hash: a rewritten history cannot match, however its hashes
 * were recomputed. Entries after the newest checkpoint are protected by the chain only: so the head
 * is checkpointed within AUDIT_CHECKPOINT_INTERVAL_MS (30 s) plus one tick (10 s) of any write, and
 * at once after a sensitive entry (unseal, award, role change, ...: audit.ts SENSITIVE_ACTIONS).
 */
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Db, Queryable } from "../db/types.ts";
import type { Logger } from "../lib/logger.ts";
import { hmacSha256 } from "../lib/crypto.ts";
import { verifyAuditChain, type VerifyResult } from "./verify.ts";
import * as q from "./queries.ts";

export interface Checkpoint {
  v: 1;
  /** The audit entry the checkpoint covers (with everything before it, through the chain). */
  id: number;
  hash: string;
  at: string;
  mac: string;
}

export interface CheckpointOptions {
  key: Uint8Array;
  /** The JSON-lines file checkpoints are appended to. */
  file: string;
  /** A checkpoint at least every this many entries. */
  every: number;
  /** And of the head, when anything is new, at least this often. */
  intervalMs: number;
  logger: Logger;
}

export async function checkpointMac(key: Uint8Array, c: Pick<Checkpoint, "id" | "hash" | "at">): Promise<string> {
  return encodeHexLowerCase(await hmacSha256(key, `audit-checkpoint|v1|${c.id}|${c.hash}|${c.at}`));
}

/** Every checkpoint in the file; unreadable lines come back as null (verify reports them). */
export async function readCheckpoints(file: string): Promise<(Checkpoint | null)[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  return text.split("\n").filter((l) => l.trim()).map((l) => {
    try {
      const c = JSON.parse(l);
      return typeof c?.id === "number" && typeof c.hash === "string" && typeof c.at === "string" &&
          typeof c.mac === "string"
        ? c as Checkpoint
        : null;
    } catch {
      return null;
    }
  });
}

async function append(opts: CheckpointOptions, row: { id: number; hash: string }): Promise<Checkpoint> {
  const at = new Date().toISOString();
  const cp: Checkpoint = { v: 1, id: Number(row.id), hash: row.hash, at, mac: "" };
  cp.mac = await checkpointMac(opts.key, cp);
  const dir = opts.file.replace(/\/[^/]*$/, "");
  if (dir && dir !== opts.file) await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(opts.file, JSON.stringify(cp) + "\n", { append: true, create: true, mode: 0o600 });
  opts.logger.info("audit checkpoint", { ...cp });
  return cp;
}

export interface CheckpointState {
  lastId: number;
  lastAt: number;
}

export async function initialState(file: string): Promise<CheckpointState> {
  const last = (await readCheckpoints(file)).filter((c) => c !== null).at(-1);
  return { lastId: last?.id ?? 0, lastAt: last ? Date.parse(last.at) : 0 };
}

/**
 * One round: a checkpoint at every `every`-th entry since the last one, then the head if the
 * interval has passed (or `force`). Only committed rows are read, so a checkpoint never names a
 * row that a rolled-back transaction could take back.
 */
export async function runAuditCheckpoints(
  db: Queryable,
  opts: CheckpointOptions,
  state: CheckpointState,
  force = false,
): Promise<Checkpoint[]> {
  const written: Checkpoint[] = [];
  while (true) {
    const nth = await q.nthEntryAfter(db, state.lastId, opts.every - 1);
    if (!nth) break;
    written.push(await append(opts, nth));
    state.lastId = Number(nth.id);
    state.lastAt = Date.now();
  }
  if (force || Date.now() - state.lastAt >= opts.intervalMs) {
    const head = await q.headEntryAfter(db, state.lastId);
    if (head) {
      written.push(await append(opts, head));
      state.lastId = Number(head.id);
    }
    state.lastAt = Date.now();
  }
  return written;
}

/**
 * After a restore the table holds another history: the checkpoints of the one it replaced are kept
 * aside (`<file>.before-restore-<time>`) and the restored chain is signed afresh, from its start.
 */
export async function anchorRestoredChain(db: Queryable, opts: CheckpointOptions): Promise<CheckpointState> {
  try {
    await Deno.rename(opts.file, `${opts.file}.before-restore-${new Date().toISOString().replaceAll(":", "-")}`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const state: CheckpointState = { lastId: 0, lastAt: 0 };
  await runAuditCheckpoints(db, opts, state, true);
  return state;
}

/** Longest time between two looks at the chain. */
const TICK_MS = 10_000;

export async function startAuditCheckpoints(db: Db, opts: CheckpointOptions) {
  const state = await initialState(opts.file);
  let running: Promise<void> | undefined;
  let again = false;
  const tick = (force = false) => {
    // A sensitive entry that commits while a round runs gets a round of its own right after.
    if (running) {
      again ||= force;
      return running;
    }
    running = (async () => {
      try {
        await runAuditCheckpoints(db, opts, state, force);
        while (again) {
          again = false;
          await runAuditCheckpoints(db, opts, state, true);
        }
      } catch (e) {
        opts.logger.error("audit checkpoint failed", { error: (e as Error).message });
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => tick(), Math.min(opts.intervalMs, TICK_MS));
  const unlisten = db.listen?.(q.SENSITIVE_CHANNEL, {
    notify: () => void tick(true),
    // Listening again after a lost connection: sensitive entries may have been missed meanwhile.
    up: () => void tick(true),
    down: () => {},
  });
  return {
    /** The database was restored: set the old checkpoints aside and sign the restored chain. */
    rebase: async () => {
      await running;
      Object.assign(state, await anchorRestoredChain(db, opts));
    },
    /** A last checkpoint of the head on shutdown. */
    stop: async () => {
      clearInterval(timer);
      unlisten?.();
      await running;
      await runAuditCheckpoints(db, opts, state, true).catch(() => {});
    },
  };
}

export interface FullVerifyResult extends VerifyResult {
  checkpoints: number;
}

/** The chain, then every signed checkpoint against the table. */
export async function verifyWithCheckpoints(
  db: Queryable,
  key: Uint8Array,
  checkpoints: (Checkpoint | null)[],
): Promise<FullVerifyResult> {
  const chain = await verifyAuditChain(db);
  if (!chain.ok) return { ...chain, checkpoints: 0 };
  let n = 0;
  let lastGood = 0;
  for (const [i, cp] of checkpoints.entries()) {
    if (!cp) return { ...chain, ok: false, checkpoints: n, reason: `checkpoint ${i + 1} is unreadable` };
    if (cp.mac !== await checkpointMac(key, cp)) {
      return {
        ...chain,
        ok: false,
        checkpoints: n,
        firstBadId: cp.id,
        reason: `checkpoint ${i + 1} has a bad signature (altered, or signed with another key)`,
      };
    }
    const row = await q.entryHash(db, cp.id);
    if (!row) {
      return {
        ...chain,
        ok: false,
        checkpoints: n,
        firstBadId: cp.id,
        reason: "an entry named by a signed checkpoint is missing (entries were removed)",
      };
    }
    if (row.hash !== cp.hash) {
      return {
        ...chain,
        ok: false,
        checkpoints: n,
        firstBadId: cp.id,
        reason:
          `the chain differs from a signed checkpoint (history was rewritten and re-hashed after entry ${lastGood})`,
      };
    }
    lastGood = Math.max(lastGood, cp.id);
    n++;
  }
  return { ...chain, checkpoints: n };
}
