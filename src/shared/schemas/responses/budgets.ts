/** Response schemas: budgets. */
import { z } from "zod";
import { budgetSettingsSchema, OVERRUN_POLICIES } from "../budgets.ts";
import { decimal, int, timestamp } from "./common.ts";

export const budgetResponseSchema = z.object({
  id: int,
  department: z.string().nullable(),
  categoryId: int.nullable(),
  categoryName: z.string().nullable(),
  fiscalYear: int,
  quarter: int.nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: decimal,
  currency: z.string(),
  notes: z.string(),
  version: int,
  createdAt: timestamp,
  updatedAt: timestamp,
  committed: decimal,
  spent: decimal,
  remaining: decimal,
  label: z.string(),
});

export const budgetListResponseSchema = z.object({
  budgets: z.array(budgetResponseSchema),
  totals: z.object({ amount: decimal, committed: decimal, spent: decimal, remaining: decimal }),
  fiscalYears: z.array(int),
  settings: budgetSettingsSchema,
});

export const budgetDetailResponseSchema = budgetResponseSchema.extend({
  entries: z.array(z.object({
    kind: z.enum(["request", "order"]),
    id: int,
    number: z.string(),
    title: z.string(),
    status: z.string(),
    committed: decimal,
    spent: decimal,
  })),
});

export const budgetEffectResponseSchema = z.object({
  policy: z.enum(OVERRUN_POLICIES),
  estimate: decimal,
  overrun: z.boolean(),
  budgets: z.array(budgetResponseSchema.extend({ after: decimal, overrun: z.boolean() })),
});

export { budgetSettingsSchema as budgetSettingsResponseSchema };
