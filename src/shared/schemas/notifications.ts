/** Request and response schemas of the notification centre (src/features/notifications). */
import { z } from "zod";
import { NOTIFICATION_ENTITY_KINDS, NOTIFICATION_TYPES } from "../notifications.ts";
import { int, timestamp } from "./responses/common.ts";

/** Ids are bigint in the table: far past 2^31, still exact below 2^53. */
const rowId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** The next page: the `next` of the page before (rows with a smaller id). */
  before: rowId.optional(),
});

export const notificationIdParamSchema = z.object({ id: rowId.pipe(z.number().min(1)) });

export const readAllQuerySchema = z.object({
  /** Only rows up to this id (what the user saw); every unread row when absent. */
  upTo: rowId.optional(),
});

/** `?after=`: where a stream resumes when the client cannot send Last-Event-ID. */
export const streamQuerySchema = z.object({ after: rowId.optional() });

export const notificationSchema = z.object({
  id: int,
  type: z.enum(NOTIFICATION_TYPES),
  entityKind: z.enum(NOTIFICATION_ENTITY_KINDS),
  entityId: int,
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: timestamp,
  readAt: timestamp.nullable(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  unread: int,
  next: int.nullable(),
});

export const unreadSchema = z.object({ unread: int });
export const readAllResultSchema = z.object({ marked: int, unread: int });
