/** Upload quotas and the retention of rejected applications' files (System Settings → Storage limits). */
import { z } from "zod";

export const STORAGE_LIMIT_MESSAGES = {
  accountQuotaMb: "Per-account quota must be a whole number of MB from 1 to 100000",
  totalQuotaMb: "Total quota must be a whole number of MB from 1 to 10000000",
  registrationDailyMb: "Daily registration uploads must be a whole number of MB from 1 to 100000",
  rejectedRetentionDays: "Retention must be a whole number of days from 1 to 3650",
} as const;
const M = STORAGE_LIMIT_MESSAGES;

const whole = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

export const storageLimitsSchema = z.object({
  /** Bytes one account (a vendor, a staff member) may have stored, in MB. */
  accountQuotaMb: whole(100_000, M.accountQuotaMb),
  /** Bytes of every stored file together, in MB. */
  totalQuotaMb: whole(10_000_000, M.totalQuotaMb),
  /** Licences of applications still pending, uploaded in the last 24 hours together, in MB. */
  registrationDailyMb: whole(100_000, M.registrationDailyMb),
  /** Days a rejected application's licence is kept after the decision. */
  rejectedRetentionDays: whole(3650, M.rejectedRetentionDays),
});
export type StorageLimits = z.infer<typeof storageLimitsSchema>;

export const STORAGE_LIMIT_DEFAULTS: StorageLimits = {
  accountQuotaMb: 500,
  totalQuotaMb: 20_480,
  registrationDailyMb: 200,
  rejectedRetentionDays: 30,
};

export interface StorageUsage {
  totalBytes: number;
  files: number;
  pendingRegistrationBytesToday: number;
}
