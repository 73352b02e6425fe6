/** Response schemas: users, profile, two-factor, system settings. */
import { z } from "zod";
import { int, timestamp } from "./common.ts";

export const userResponseSchema = z.object({
  id: int,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  totpEnabled: z.boolean(),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  companyName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  vendorStatus: z.string().nullable(),
  role: z.object({ id: int, name: z.string(), displayName: z.string() }),
});
export const userListSchema = z.array(userResponseSchema);
export const roleListSchema = z.array(z.object({ id: int, name: z.string(), displayName: z.string() }));
export const adminStatsSchema = z.object({ totalUsers: int, activeUsers: int, pendingVendors: int });
export const temporaryPasswordSchema = z.object({ temporaryPassword: z.string() });

export const twoFactorSetupSchema = z.object({ uri: z.string(), qrSvg: z.string(), secret: z.string().nullable() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorStateSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: int });
export const languageResponseSchema = z.object({ language: z.string() });
export { preferencesSchema as preferencesResponseSchema } from "../preferences.ts";

export const systemSettingsResponseSchema = z.object({
  defaultDeadline: z.number(),
  autoReminder: z.number(),
  enableVendorMatching: z.boolean(),
  approvalThreshold: z.string(),
  timeZone: z.string(),
  database: z.object({ kind: z.enum(["postgresql", "pglite"]), poolMax: z.number() }).optional(),
});
export const dbConnectionSchema = z.object({ ok: z.boolean(), responseTime: z.number() });
export const dbMetricsSchema = z.object({
  databaseSize: z.number(),
  serverVersion: z.string(),
  activeConnections: z.number(),
  rowCounts: z.record(z.string(), z.number()),
  outbox: z.object({ pending: z.number(), failed: z.number() }),
  migrationsApplied: z.number(),
});
export const migrationsRunSchema = z.object({
  applied: z.array(z.string()),
  status: z.array(
    z.object({ version: z.string(), name: z.string(), applied: z.boolean(), appliedAt: timestamp.optional() }),
  ),
});
export const dbUnreachableSchema = z.object({ ok: z.literal(false), message: z.string() });

export const storageLimitsResponseSchema = z.object({
  accountQuotaMb: int,
  totalQuotaMb: int,
  registrationDailyMb: int,
  rejectedRetentionDays: int,
  usage: z.object({ totalBytes: int, files: int, pendingRegistrationBytesToday: int }),
});

export const restoreResultSchema = z.object({ createdAt: z.string(), tables: int, rows: int, files: int });
