/**
 * The audit trail. Every mutation calls `audit()` with the transaction of the change, so the entry
 * exists exactly when the change does. Metadata never carries secrets (see `redact`).
 */
import type { Context } from "hono";
import type { Queryable } from "../db/types.ts";
import type { AppEnv } from "../lib/deps.ts";
import { clientIp, userAgent } from "../lib/client.ts";

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
  await tx.query(
    `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      entry.userId === undefined ? c.get("user")?.id ?? null : entry.userId,
      entry.action,
      entry.entityType,
      entry.entityId == null ? null : String(entry.entityId),
      JSON.stringify(redact(entry.metadata ?? {})),
      clientIp(c),
      userAgent(c),
    ],
  );
}
