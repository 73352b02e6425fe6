/**
 * The audit trail. Every mutation calls `audit()` with the transaction of the change, so the entry
 * exists exactly when the change does. Metadata never carries secrets (see `redact`).
 */
import type { Context } from "hono";
import type { Queryable } from "../db/types.ts";
import type { AppEnv } from "../lib/deps.ts";
import { clientIp, userAgent } from "../lib/client.ts";
import { sealAuditFields } from "./sealed-entries.ts";
import * as q from "./queries.ts";

export type AuditAction =
  | "CREATE"
  | "UPDATE"
  | "DELETE"
  | "LOGIN"
  | "LOGIN_FAILED"
  | "LOGIN_THROTTLED"
  | "LOGOUT"
  | "APPROVE"
  | "REJECT"
  | "STATUS_CHANGE"
  | "PASSWORD_CHANGE"
  | "PASSWORD_RESET"
  | "ROLE_CHANGE"
  | "TWO_FACTOR_ENABLE"
  | "TWO_FACTOR_DISABLE"
  | "UNSEAL"
  | "AWARD"
  | "EXPORT"
  | "RESTORE"
  | "REVEAL";

export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  metadata?: Record<string, unknown>;
  /** Defaults to the signed-in user of the request. */
  userId?: number | null;
  /**
   * An entry about a sealed bid's submission: who (user, address, browser), which quotation and bid
   * and the metadata are written only encrypted, and shown once that bid is unsealed (sealed-entries.ts).
   */
  seal?: { key: Uint8Array; bidRequestId: number };
}

const SECRET = /pass(word)?|secret|token|api_?key|totp|hash|code/i;

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      // Flags like passwordChanged: true say that something happened, not what it was.
      Object.entries(value).map(([k, v]) => [k, SECRET.test(k) && typeof v !== "boolean" ? "[redacted]" : redact(v)]),
    );
  }
  return value;
}

/** Before/after of the fields that changed, for UPDATE metadata. */
export function diff<T extends object>(before: T, after: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const b4 = before as Record<string, unknown>, af = after as Record<string, unknown>;
  for (const key of Object.keys(after)) {
    const a = b4[key] instanceof Date ? (b4[key] as Date).toISOString() : b4[key];
    const b = af[key] instanceof Date ? (af[key] as Date).toISOString() : af[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { from: a, to: b };
  }
  return changes;
}

/**
 * Who did it: the signed-in user of a request with its address and browser, or the system (a job
 * without a request: no user, no address, no browser).
 */
export interface AuditActor {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export const SYSTEM_ACTOR: AuditActor = Object.freeze({ userId: null, ip: null, userAgent: null });

/** The actor of a request: its signed-in user (if any), address and browser. */
export function actorOf(c: Context<AppEnv>): AuditActor {
  return { userId: c.get("user")?.id ?? null, ip: clientIp(c), userAgent: userAgent(c) };
}

/** Writes one entry for a request (the signed-in user, address and browser of `c`). */
export async function audit(tx: Queryable, c: Context<AppEnv>, entry: AuditEntry) {
  await auditAs(tx, actorOf(c), entry);
}

/** An UPDATE entry for a request: the before and after of the fields that changed (`diff`). */
export async function auditUpdate<T extends object>(
  tx: Queryable,
  c: Context<AppEnv>,
  entity: { type: string; id?: string | number | null },
  before: T,
  after: Partial<T>,
) {
  await audit(tx, c, {
    action: "UPDATE",
    entityType: entity.type,
    entityId: entity.id,
    metadata: { changes: diff(before, after) },
  });
}

/** Writes one entry for work without a request (jobs): actor = system, no address or browser. */
export async function auditSystem(tx: Queryable, entry: Omit<AuditEntry, "userId" | "seal">) {
  await auditAs(tx, SYSTEM_ACTOR, entry);
}

/**
 * Entries whose removal would matter most: each is followed at once by a signed checkpoint of the
 * chain's head (the checkpointer hears the notification when the transaction commits: checkpoint.ts).
 */
export const SENSITIVE_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  "UNSEAL",
  "AWARD",
  "ROLE_CHANGE",
  "PASSWORD_RESET",
  "TWO_FACTOR_DISABLE",
  "RESTORE",
  "REVEAL",
]);

/** Writes one entry for the given actor; services call this with the actor their route passed in. */
export async function auditAs(tx: Queryable, actor: AuditActor, entry: AuditEntry) {
  const userId = entry.userId === undefined ? actor.userId : entry.userId;
  if (SENSITIVE_ACTIONS.has(entry.action)) await q.notifySensitiveEntry(tx);
  if (entry.seal) {
    const sealedEntry = await sealAuditFields(entry.seal.key, {
      userId,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      bidRequestId: entry.seal.bidRequestId,
      metadata: redact(entry.metadata ?? {}) as Record<string, unknown>,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await q.insertAuditRow(tx, {
      userId: null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: null,
      metadata: { sealed: true, sealedEntry },
      ip: null,
      userAgent: null,
    });
    return;
  }
  await q.insertAuditRow(tx, {
    userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    metadata: redact(entry.metadata ?? {}),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}
