/**
 * The audit trail. Every mutation calls `audit()` with the transaction of the change, so the entry
 * exists exactly when the change does. Metadata never carries secrets (see `redact`).
 */
import type { Context } from "hono";
import type { Queryable } from "../db/types.ts";
import type { AppEnv } from "../lib/deps.ts";
import { clientIp, userAgent } from "../lib/client.ts";
import { sealAuditFields } from "./sealed-entries.ts";

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
  | "EXPORT";

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

export async function audit(tx: Queryable, c: Context<AppEnv>, entry: AuditEntry) {
  const userId = entry.userId === undefined ? c.get("user")?.id ?? null : entry.userId;
  if (entry.seal) {
    const sealedEntry = await sealAuditFields(entry.seal.key, {
      userId,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      bidRequestId: entry.seal.bidRequestId,
      metadata: redact(entry.metadata ?? {}) as Record<string, unknown>,
      ip: clientIp(c),
      userAgent: userAgent(c),
    });
    await tx.query(
      `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent)
       values (null, $1, $2, null, $3::jsonb, null, null)`,
      [entry.action, entry.entityType, JSON.stringify({ sealed: true, sealedEntry })],
    );
    return;
  }
  await tx.query(
    `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      userId,
      entry.action,
      entry.entityType,
      entry.entityId == null ? null : String(entry.entityId),
      JSON.stringify(redact(entry.metadata ?? {})),
      clientIp(c),
      userAgent(c),
    ],
  );
}
