/**
 * Budget payloads and the fiscal period rules, shared by the API and the SPA's
 * budget dialog. A budget covers a department and/or a category over a fiscal year or one of its
 * quarters; the fiscal year N starts on the first day of the start month in calendar year N.
 */
import { z } from "zod";
import { idSchema, safeString } from "./common.ts";
import { toCents } from "../money.ts";

export const OVERRUN_POLICIES = ["require_finance", "refuse"] as const;
export type OverrunPolicy = (typeof OVERRUN_POLICIES)[number];

export const BUDGET_MESSAGES = {
  scope: "Choose a department, a category or both",
  fiscalYear: "Fiscal year must be a year between 2000 and 2999",
  quarter: "Quarter must be 1, 2, 3 or 4, or empty for the whole year",
  amount: "Amount must be 0 or more, with at most 2 decimals",
  currency: "Currency must be a three-letter code such as USD",
  department: "Department is too long (max 100)",
  notes: "Notes are too long (max 1000)",
  startMonth: "The fiscal year start month must be between 1 and 12",
  policy: "The overrun policy must be require_finance or refuse",
} as const;

const optionalId = z.union([idSchema(), z.null()]).optional();

export const budgetSchema = z.object({
  department: z.union([safeString(BUDGET_MESSAGES.department).trim().max(100, BUDGET_MESSAGES.department), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  categoryId: optionalId.transform((v) => v ?? null),
  fiscalYear: z.number({ error: BUDGET_MESSAGES.fiscalYear }).int(BUDGET_MESSAGES.fiscalYear)
    .min(2000, BUDGET_MESSAGES.fiscalYear).max(2999, BUDGET_MESSAGES.fiscalYear),
  quarter: z.union([
    z.number({ error: BUDGET_MESSAGES.quarter }).int(BUDGET_MESSAGES.quarter).min(1, BUDGET_MESSAGES.quarter)
      .max(4, BUDGET_MESSAGES.quarter),
    z.null(),
  ], { error: BUDGET_MESSAGES.quarter }).optional().transform((v) => v ?? null),
  // A decimal string ("1500" or "1500.50") or a number; never a float sum.
  amount: z.union([z.number(), safeString()], { error: BUDGET_MESSAGES.amount })
    .refine((v) => toCents(v) !== null, BUDGET_MESSAGES.amount),
  currency: safeString(BUDGET_MESSAGES.currency).trim().regex(/^[A-Z]{3}$/, BUDGET_MESSAGES.currency).optional()
    .default("USD"),
  notes: safeString(BUDGET_MESSAGES.notes).max(1000, BUDGET_MESSAGES.notes).optional().default(""),
}).refine((v) => v.department !== null || v.categoryId !== null, {
  message: BUDGET_MESSAGES.scope,
  path: ["department"],
});

export const budgetUpdateSchema = budgetSchema.and(z.object({
  version: z.number({ error: "version is required" }).int().min(1),
}));

export type BudgetInput = z.input<typeof budgetSchema>;

export const budgetSettingsSchema = z.object({
  overrunPolicy: z.enum(OVERRUN_POLICIES, { error: BUDGET_MESSAGES.policy }),
  fiscalYearStartMonth: z.number({ error: BUDGET_MESSAGES.startMonth }).int(BUDGET_MESSAGES.startMonth)
    .min(1, BUDGET_MESSAGES.startMonth).max(12, BUDGET_MESSAGES.startMonth),
});

export type BudgetSettings = z.infer<typeof budgetSettingsSchema>;

export const budgetListQuerySchema = z.object({
  fiscalYear: z.coerce.number({ error: BUDGET_MESSAGES.fiscalYear }).int(BUDGET_MESSAGES.fiscalYear)
    .min(2000, BUDGET_MESSAGES.fiscalYear).max(2999, BUDGET_MESSAGES.fiscalYear).optional(),
  format: z.enum(["csv", "xlsx"]).optional(),
});

const pad = (n: number) => String(n).padStart(2, "0");

/** [start, end) of a fiscal year or quarter as ISO dates ("2026-04-01", "2026-07-01"). */
export function fiscalPeriod(fiscalYear: number, quarter: number | null, startMonth: number) {
  const at = (monthsAfterStart: number) => {
    const m0 = startMonth - 1 + monthsAfterStart;
    return `${fiscalYear + Math.floor(m0 / 12)}-${pad((m0 % 12) + 1)}-01`;
  };
  return quarter ? { start: at((quarter - 1) * 3), end: at(quarter * 3) } : { start: at(0), end: at(12) };
}

/** The fiscal year a calendar date (ISO) falls in. */
export function fiscalYearOf(date: string, startMonth: number): number {
  const [y, m] = date.split("-").map(Number);
  return m >= startMonth ? y : y - 1;
}

/** "FY2026" or "FY2026 Q2". */
export function periodLabel(fiscalYear: number, quarter: number | null) {
  return quarter ? `FY${fiscalYear} Q${quarter}` : `FY${fiscalYear}`;
}
