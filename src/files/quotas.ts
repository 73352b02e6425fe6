/**
 * Upload quotas (docs/decisions/022): per account, in total, and for the licences of applications
 * still pending (a daily cap, whoever sends them, so registrations cannot fill the database). Checked
 * in the writing transaction under one lock, so parallel uploads cannot all slip under a limit;
 * refused with 507 and a code naming the limit. And the retention of rejected applications' files.
 */
import type { Queryable } from "../db/types.ts";
import { InsufficientStorage } from "../lib/errors.ts";
import { getSettings } from "../lib/settings.ts";
import { STORAGE_LIMIT_DEFAULTS, type StorageLimits, type StorageUsage } from "../shared/schemas/storage-limits.ts";
import * as q from "./queries.ts";

export const STORAGE_LIMIT_KEYS: Record<keyof StorageLimits, string> = {
  accountQuotaMb: "upload_quota_per_account_mb",
  totalQuotaMb: "upload_quota_total_mb",
  registrationDailyMb: "registration_uploads_daily_mb",
  rejectedRetentionDays: "rejected_application_retention_days",
};

const MB = 1024 * 1024;

export async function readStorageLimits(db: Queryable): Promise<StorageLimits> {
  const s = await getSettings(db, Object.values(STORAGE_LIMIT_KEYS));
  const out = { ...STORAGE_LIMIT_DEFAULTS };
  for (const [field, key] of Object.entries(STORAGE_LIMIT_KEYS) as [keyof StorageLimits, string][]) {
    const n = Number(s[key]);
    if (s[key] !== undefined && Number.isInteger(n) && n > 0) out[field] = n;
  }
  return out;
}

/** Throws 507 when storing `sizeBytes` more would pass a limit; call inside the writing transaction. */
export async function enforceQuotas(
  tx: Queryable,
  f: { ownerUserId: number | null; sizeBytes: number; purpose: string },
) {
  await q.lockUploads(tx);
  const limits = await readStorageLimits(tx);
  const used = await q.usage(tx, f.ownerUserId);
  if (used.totalBytes + f.sizeBytes > limits.totalQuotaMb * MB) {
    throw new InsufficientStorage("storage.totalQuota", { limit: limits.totalQuotaMb });
  }
  if (f.ownerUserId !== null && used.ownerBytes + f.sizeBytes > limits.accountQuotaMb * MB) {
    throw new InsufficientStorage("storage.accountQuota", { limit: limits.accountQuotaMb });
  }
  if (f.purpose === "business_license" && f.ownerUserId !== null && await q.isPendingApplicant(tx, f.ownerUserId)) {
    if (used.pendingRegistrationBytesToday + f.sizeBytes > limits.registrationDailyMb * MB) {
      throw new InsufficientStorage("storage.registrationCap");
    }
  }
}

/** What is stored now (System Settings). */
export async function storageUsage(db: Queryable): Promise<StorageUsage> {
  const u = await q.usage(db, null);
  return { totalBytes: u.totalBytes, files: u.files, pendingRegistrationBytesToday: u.pendingRegistrationBytesToday };
}
