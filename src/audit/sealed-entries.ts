/**
 * Audit entries about sealed bids. Until a sealed bid is unsealed, staff may learn
 * from the audit trail only that a sealed quotation was submitted (the count), never by whom, for
 * which bid, from which address or with what. So such an entry is written with no user, entity,
 * address or browser in clear, and its metadata is `{ sealed: true, sealedEntry }`: the real fields
 * AES-256-GCM encrypted with the sealed-bid key, padded to a fixed size so the length tells nothing.
 * The stored row never changes (the hash chain covers the ciphertext); readers call
 * `presentAuditRows`, which shows the real fields once the bid has been unsealed and a neutral
 * placeholder before. Entries written before this existed (vendor and bid id in clear, marked
 * `sealed: true`) are masked the same way while their bid is still sealed.
 */
import type { Queryable } from "../db/types.ts";
import { decryptText, encryptText } from "../lib/crypto.ts";
import * as q from "./queries.ts";

const CONTEXT = "audit:sealed-entry:v1";
const PAD_TO = 512;

export interface SealedAuditFields {
  userId: number | null;
  entityId: string | null;
  bidRequestId: number;
  metadata: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

export async function sealAuditFields(key: Uint8Array, fields: SealedAuditFields): Promise<string> {
  const json = JSON.stringify(fields);
  const padded = json.padEnd(Math.ceil((json.length + 1) / PAD_TO) * PAD_TO, " ");
  return await encryptText(key, padded, CONTEXT);
}

export async function openAuditFields(key: Uint8Array, sealedEntry: string): Promise<SealedAuditFields | null> {
  try {
    return JSON.parse(await decryptText(key, sealedEntry, CONTEXT));
  } catch {
    return null;
  }
}

/** The columns of an audit entry as the list, View All and the exports show them. */
export interface AuditView {
  action: string;
  entityType: string;
  entityId: string | null;
  userId: number | null;
  userEmail?: string | null;
  userName?: string | null;
  metadata: unknown;
  ip: string | null;
  userAgent: string | null;
}

export const WITHHELD = { sealed: true, withheld: "Details are shown once the sealed bid is unsealed" } as const;

type Meta = Record<string, unknown>;
const asMeta = (m: unknown): Meta | null => (m && typeof m === "object" && !Array.isArray(m) ? m as Meta : null);

/** A pre-existing sealed-submission entry that carries the vendor and the bid in clear. */
function legacyBidId(r: { entityType: string; metadata: unknown }): number | null {
  const m = asMeta(r.metadata);
  if (r.entityType !== "quotation" || m?.sealed !== true || typeof m.sealedEntry === "string") return null;
  return typeof m.bidRequestId === "number" ? m.bidRequestId : null;
}

/** Rows as staff may read them now: sealed parts revealed after unsealing, withheld before. */
export async function presentAuditRows<T extends AuditView>(db: Queryable, key: Uint8Array, rows: T[]): Promise<T[]> {
  const opened = new Map<T, SealedAuditFields | null>();
  const bidIds = new Set<number>();
  for (const r of rows) {
    const m = asMeta(r.metadata);
    if (typeof m?.sealedEntry === "string") {
      const f = await openAuditFields(key, m.sealedEntry);
      opened.set(r, f);
      if (f) bidIds.add(f.bidRequestId);
    } else {
      const legacy = legacyBidId(r);
      if (legacy !== null) bidIds.add(legacy);
    }
  }
  if (!bidIds.size) return rows;
  const unsealed = new Set(await q.unsealedBidIds(db, [...bidIds]));
  const userIds = [...opened.values()].filter((f) => f && unsealed.has(f.bidRequestId) && f.userId !== null)
    .map((f) => f!.userId!);
  const users = new Map((await q.usersByIds(db, userIds)).map((u) => [u.id, u]));
  return rows.map((r) => {
    const withheld = {
      ...r,
      userId: null,
      userEmail: null,
      userName: null,
      entityId: null,
      ip: null,
      userAgent: null,
      metadata: { ...WITHHELD },
    };
    if (opened.has(r)) {
      const f = opened.get(r);
      if (!f || !unsealed.has(f.bidRequestId)) return withheld;
      const u = f.userId === null ? undefined : users.get(f.userId);
      return {
        ...r,
        userId: f.userId,
        userEmail: u?.email ?? null,
        userName: u?.name ?? null,
        entityId: f.entityId,
        ip: f.ip,
        userAgent: f.userAgent,
        metadata: { ...f.metadata, bidRequestId: f.bidRequestId, sealed: true, unsealed: true },
      };
    }
    const legacy = legacyBidId(r);
    return legacy !== null && !unsealed.has(legacy) ? withheld : r;
  });
}
