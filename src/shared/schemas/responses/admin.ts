/** Response schemas: categories, meta, audit log, outbox, organisation, notification settings. */
import { z } from "zod";
import { int, timestamp } from "./common.ts";
import { historyEntrySchema } from "./history.ts";

export const categoryRowSchema = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  vendorCount: int,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const categoryListSchema = z.array(categoryRowSchema);

export const metaSchema = z.object({
  version: z.string(),
  demoMode: z.boolean(),
  timeZone: z.string(),
  demoAccounts: z.array(z.object({ role: z.string(), signIn: z.string(), password: z.string() })).optional(),
});

export const auditRowSchema = z.object({
  id: int,
  userId: int.nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  timestamp,
  metadata: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  /** The entry as the readable history words it (the raw fields stay for the export). */
  entry: historyEntrySchema,
});
export const auditListSchema = z.array(auditRowSchema);
export const stringListSchema = z.array(z.string());

export const outboxMessageSchema = z.looseObject({
  id: int,
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  attempts: int,
  maxAttempts: int,
  nextAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
  /** The body shows a mark where a one-time link's token goes (revealed by POST .../reveal). */
  hasHiddenValues: z.boolean(),
});
export const outboxListSchema = z.array(outboxMessageSchema);
export const outboxRevealSchema = z.object({ id: int, body: z.string() });

export const organisationProfileResponseSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  taxId: z.string(),
  deliveryAddress: z.string(),
  paymentTerms: z.string(),
  poTerms: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  logo: z.object({ fileId: int, contentType: z.string(), sizeBytes: int }).nullable(),
});

export const notificationSettingSchema = z.object({
  settingKey: z.string(),
  settingValue: z.string(),
  isSecret: z.boolean(),
  isSet: z.boolean().optional(),
  isActive: z.boolean(),
  description: z.string(),
  category: z.string(),
});
export const notificationSettingListSchema = z.array(notificationSettingSchema);
export const settingUpdatedSchema = z.object({ message: z.string(), settingKey: z.string() });
export const testMessageSentSchema = z.object({ message: z.string(), provider: z.string() });

export const emailTemplateResponseSchema = z.object({
  key: z.string(),
  language: z.string(),
  subject: z.string(),
  body: z.string(),
  isCustom: z.boolean(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  placeholders: z.array(z.string()),
  required: z.array(z.string()),
});
export const emailTemplateListSchema = z.array(emailTemplateResponseSchema);

/** An OCDS release package (https://standard.open-contracting.org/latest/en/schema/release_package/). */
export const ocdsReleasePackageSchema = z.looseObject({
  uri: z.string(),
  version: z.string(),
  extensions: z.array(z.string()),
  publishedDate: z.string(),
  publisher: z.looseObject({ name: z.string() }),
  releases: z.array(z.looseObject({ ocid: z.string(), id: z.string(), date: z.string() })),
  links: z.object({ next: z.string() }).optional(),
});

export const ocrJobAcceptedSchema = z.object({ jobId: int });
export const ocrJobSchema = z.object({
  id: int,
  status: z.string(),
  stage: z.string(),
  progress: z.number(),
  error: z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()) }).optional(),
  result: z.looseObject({}).optional(),
});
