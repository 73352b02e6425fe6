/** System settings form (spec section 2 and 5): shared by the server route and the SPA form. */
import { z } from "zod";
import { safeString, timeZoneSchema } from "./common.ts";
import { toCents } from "../money.ts";

export const DEADLINE_RANGE = "Default deadline must be between 1 and 30 days";
export const REMINDER_RANGE = "Auto reminder must be between 1 and 72 hours";
export const THRESHOLD_INVALID = "Approval threshold must be an amount of 0 or more";

export const MIN_DEADLINE_DAYS = 1;
export const MAX_DEADLINE_DAYS = 30;
export const MIN_REMINDER_HOURS = 1;
export const MAX_REMINDER_HOURS = 72;

export const systemSettingsSchema = z.object({
  defaultDeadline: z.number({ error: DEADLINE_RANGE }).int(DEADLINE_RANGE).min(MIN_DEADLINE_DAYS, DEADLINE_RANGE)
    .max(MAX_DEADLINE_DAYS, DEADLINE_RANGE),
  autoReminder: z.number({ error: REMINDER_RANGE }).int(REMINDER_RANGE).min(MIN_REMINDER_HOURS, REMINDER_RANGE)
    .max(MAX_REMINDER_HOURS, REMINDER_RANGE),
  enableVendorMatching: z.boolean({ error: "enableVendorMatching must be true or false" }),
  // A money string in dollars ("10000" or "10000.50"); toCents refuses negatives and more than 2 decimals.
  approvalThreshold: safeString(THRESHOLD_INVALID).trim().refine((v) => toCents(v) !== null, THRESHOLD_INVALID)
    .optional(),
  /** The organisation's IANA time zone ("Europe/Paris"): today and calendar dates are taken in it. */
  timeZone: timeZoneSchema.optional(),
});

export type SystemSettingsInput = z.infer<typeof systemSettingsSchema>;

export interface SystemSettings {
  defaultDeadline: number;
  autoReminder: number;
  enableVendorMatching: boolean;
  approvalThreshold: string;
  timeZone: string;
  database: { kind: "postgresql" | "pglite"; poolMax: number };
}

export interface DbMetrics {
  databaseSize: number;
  serverVersion: string;
  activeConnections: number;
  /** Exact count(*) of each main table. */
  rowCounts: Record<string, number>;
  outbox: { pending: number; failed: number };
  migrationsApplied: number;
}

/** Shortest backup passphrase: the archive is as strong as it (scrypt slows each guess to ~0.25 s). */
export const MIN_BACKUP_PASSPHRASE = 12;
export const BACKUP_PASSPHRASE_SHORT = `The passphrase must be at least ${MIN_BACKUP_PASSPHRASE} characters`;

export const backupRequestSchema = z.object({
  passphrase: z.string().min(MIN_BACKUP_PASSPHRASE, BACKUP_PASSPHRASE_SHORT).max(1024),
});
export type BackupRequest = z.infer<typeof backupRequestSchema>;
