/** Response schemas: a document's readable history (src/audit/history.ts), also on each audit log row. */
import { z } from "zod";
import { int, timestamp } from "./common.ts";

const historyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const historyEntrySchema = z.object({
  id: int,
  at: timestamp,
  actor: z.object({ id: int, name: z.string() }).nullable(),
  action: z.string(),
  entity: z.object({
    kind: z.string(),
    id: z.string().nullable(),
    number: z.string().nullable(),
    title: z.string().nullable(),
  }).nullable(),
  params: z.record(z.string(), historyValue),
  changes: z.array(z.object({ field: z.string(), from: historyValue, to: historyValue })),
});
export const historySchema = z.array(historyEntrySchema);
